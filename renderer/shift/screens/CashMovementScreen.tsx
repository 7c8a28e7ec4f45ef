import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, CashMovement, CashMovementKind, PrintResult } from '../../../common/contract.ts';
import { CURRENCIES } from '../../../common/contract.ts';
import { normaliseAmount } from '../../../common/money.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { PinField } from '../../shared/components/PinField.tsx';
import { PinRefusal, usePinWait } from '../../shared/components/PinRefusal.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useResult } from '../../shared/hooks/useResult.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { shiftApi } from '../api.ts';
import { SlipButton, SlipOutcome } from '../components/DrawerSections.tsx';

/** Cash put into the drawer, or taken from it to the safe: the amount, a reason, the supervisor's PIN. */
export function CashMovementScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const openHome = useNavigation((s) => s.openHome);
  const pinSet = useDesk((s) => s.desk?.supervisor.pinSet ?? false);
  const drawer = useResult(shiftApi.current);
  const [kind, setKind] = useState<CashMovementKind>('removed');
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [holder, setHolder] = useState('');
  const [pin, setPin] = useState('');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState<{ movement: CashMovement; slip: PrintResult } | null>(null);
  const wait = usePinWait(error);
  const { busy, run } = useInFlight();
  const ids = useId();
  const lines = drawer.value?.cash ?? [];
  const currencies = lines.length > 0 ? lines.map((l) => l.currency) : Object.keys(CURRENCIES);
  const currency = chosenCurrency ?? currencies[0] ?? 'KZT';
  const expected = lines.find((l) => l.currency === currency)?.expected ?? '0';
  const wire = normaliseAmount(amount);
  const amountBad = tried && (wire === null || wire === '0');
  const reasonBad = tried && reason.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (wire === null || wire === '0' || reason.trim() === '' || (pinSet && pin.length < 4)) return;
    const result = await run(() =>
      shiftApi.cashMovement({
        kind,
        currency,
        amount: wire,
        reason: reason.trim(),
        ...(holder.trim() ? { safeHolder: holder.trim() } : {}),
        ...(pinSet ? { supervisorPin: pin } : {}),
      }),
    );
    if (!result) return;
    setPin('');
    if (!result.ok) return setError(result.error);
    setError(null);
    setDone({ movement: result.value.movement, slip: result.value.slip });
    drawer.set({ shift: drawer.value?.shift ?? null, cash: result.value.cash });
  };

  if (done) {
    const { movement: moved } = done;
    const now = lines.find((l) => l.currency === moved.currency)?.expected ?? '0';
    return (
      <ScreenFrame title={t('movement.title')} onBack={openHome}>
        <div className="panel stack" role="status" data-testid="movement-done">
          <p className="lead strong">
            {t(`movement.done.${moved.kind}`, { amount: format.money(moved.amount, moved.currency) })}
          </p>
          <p>{t('movement.expectedNow', { amount: format.money(now, moved.currency) })}</p>
          <SlipOutcome result={done.slip} />
          <div className="actions">
            <SlipButton movementId={moved.id} />
            {/* biome-ignore lint/a11y/noAutofocus: the movement is recorded; Enter goes home */}
            <button type="button" className="button-primary" autoFocus onClick={openHome}>
              {t('common.home')}
            </button>
          </div>
        </div>
      </ScreenFrame>
    );
  }

  return (
    <ScreenFrame title={t('movement.title')} onBack={openHome}>
      <form className="panel stack movement-form" onSubmit={submit} noValidate>
        <fieldset className="segmented-field">
          <legend>{t('movement.kindLabel')}</legend>
          <div className="segmented">
            {(['removed', 'added'] as const).map((k) => (
              <label key={k} className={kind === k ? 'segment segment-on' : 'segment'}>
                <input type="radio" name={`${ids}-kind`} checked={kind === k} onChange={() => setKind(k)} />
                {t(`movement.kind.${k}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field-row">
          <div className="field">
            <label htmlFor={`${ids}-currency`}>{t('movement.currency')}</label>
            <select id={`${ids}-currency`} value={currency} onChange={(e) => setCurrency(e.target.value)}>
              {currencies.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          <div className="field field-grow">
            <label htmlFor={`${ids}-amount`}>{t('movement.amount', { currency })}</label>
            <input
              id={`${ids}-amount`}
              className="input-large"
              inputMode="decimal"
              autoComplete="off"
              // biome-ignore lint/a11y/noAutofocus: the amount is what the agent types first
              autoFocus
              value={amount}
              aria-invalid={amountBad}
              aria-describedby={`${ids}-amount-hint`}
              onChange={(e) => setAmount(e.target.value)}
            />
            <p id={`${ids}-amount-hint`} className={amountBad ? 'field-error' : 'hint'}>
              {t('movement.inDrawer', { amount: format.money(expected, currency) })}
            </p>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-reason`}>{t('movement.reason')}</label>
          <input
            id={`${ids}-reason`}
            autoComplete="off"
            maxLength={200}
            value={reason}
            aria-invalid={reasonBad}
            aria-describedby={`${ids}-reason-hint`}
            onChange={(e) => setReason(e.target.value)}
          />
          <p id={`${ids}-reason-hint`} className={reasonBad ? 'field-error' : 'hint'}>
            {t('movement.reasonHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-holder`}>{t('drawer.safeHolder')}</label>
          <input
            id={`${ids}-holder`}
            autoComplete="off"
            maxLength={40}
            value={holder}
            aria-describedby={`${ids}-holder-hint`}
            onChange={(e) => setHolder(e.target.value)}
          />
          <p id={`${ids}-holder-hint`} className="hint">
            {t('drawer.safeHolderHint')}
          </p>
        </div>
        {pinSet && (
          <PinField
            label={t('movement.supervisorPin')}
            value={pin}
            onChange={setPin}
            owner="supervisor"
            refusal={error}
            secondsLeft={wait}
          />
        )}
        {pinSet ? (
          <PinRefusal error={error} owner="supervisor" secondsLeft={wait} />
        ) : (
          <ErrorAlert error={error} />
        )}
        <div className="actions">
          <button type="submit" className="button-primary button-large" disabled={busy || wait > 0}>
            {t(`movement.submit.${kind}`)}
          </button>
        </div>
      </form>
    </ScreenFrame>
  );
}
