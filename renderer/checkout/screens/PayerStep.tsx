import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/contract.ts';
import { localeOf } from '../../../common/enums.ts';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { OverDrawer } from '../components/OverDrawer.tsx';
import { RecentForPayer } from '../components/RecentForPayer.tsx';
import { SamePayerNotice } from '../components/SamePayerNotice.tsx';
import { useBeforeCreation } from '../hooks/useBeforeCreation.ts';
import { checkAmount } from '../state/checkAmount.ts';
import { useCheckout } from '../state/checkout.ts';

/** A barcode scanner types the ID and ends with Enter, which submits the form like a person would. */
export function PayerStep() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const method = useCheckout((s) => s.method);
  const amount = useCheckout((s) => s.amount);
  const payerId = useCheckout((s) => s.payerId);
  const setPayerId = useCheckout((s) => s.setPayerId);
  const openSession = useCheckout((s) => s.openSession);
  const openSessionAnyway = useCheckout((s) => s.openSessionAnyway);
  const samePayer = useCheckout((s) => s.samePayer);
  const recent = useCheckout((s) => s.recentForPayer);
  const approval = useCheckout((s) => s.drawerApproval);
  const back = useCheckout((s) => s.back);
  const frame = useBeforeCreation();
  const { busy, run } = useInFlight();
  const input = useFocusOnMount<HTMLInputElement>();
  const ids = useId();
  const ready = payerId.trim() !== '';
  // The amount just typed, as it will be sent: the agent checks it once more before the session.
  const typed = method ? checkAmount(amount, method, localeOf(i18n.language)) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) void run(openSession);
  };
  return (
    <ScreenFrame title={t('flow.payer.title')} onBack={back} {...frame}>
      {method && typed?.ok && (
        <p className="lead" data-testid="payer-amount">
          {t('flow.payer.amount', { amount: format.money(typed.amount, method.currency) })}
        </p>
      )}
      {method && typed?.ok && <OverDrawer method={method} amount={typed.amount} />}
      <form className="stack" onSubmit={submit} noValidate>
        <label htmlFor={`${ids}-payer`}>{t('flow.payer.label')}</label>
        <input
          ref={input}
          id={`${ids}-payer`}
          className="input-large"
          autoComplete="off"
          spellCheck={false}
          maxLength={LIMITS.shortText}
          readOnly={busy}
          value={payerId}
          aria-describedby={`${ids}-hint`}
          onChange={(event) => setPayerId(event.target.value)}
        />
        <p id={`${ids}-hint`} className="hint">
          {t('flow.payer.about')} {t('flow.payer.hint')}
        </p>
        {!samePayer && !approval && (
          <button type="submit" className="button-primary button-large" disabled={!ready || busy}>
            {busy ? t('common.working') : t('common.continue')}
          </button>
        )}
      </form>
      {samePayer && <RecentForPayer rows={recent} />}
      {samePayer && (
        <SamePayerNotice
          payerId={payerId.trim()}
          rows={samePayer}
          busy={busy}
          onAnyway={() => void run(openSessionAnyway)}
        />
      )}
    </ScreenFrame>
  );
}
