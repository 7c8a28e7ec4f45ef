import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { PinField } from '../../shared/components/PinField.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useRefusal } from '../../shared/hooks/useRefusal.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { settingsApi } from '../api.ts';

/**
 * The supervisor PIN: set once before Live (until then a training desk's Settings are open to
 * anyone), changed with the current one, and Settings locked again on the way out. What main found
 * about the PINs is said here: a PIN too short for today's rule, PINs from another machine, a PIN
 * changed outside CashDesk.
 */
export function SupervisorPanel() {
  const { t } = useTranslation();
  const pinSet = useDesk((s) => s.desk?.supervisor.pinSet ?? false);
  const newPinNeeded = useDesk((s) => s.desk?.supervisor.newPinNeeded ?? false);
  const needReset = useDesk((s) => s.desk?.pins.needReset ?? false);
  const tampered = useDesk((s) => s.desk?.pins.tampered ?? []);
  const say = useRefusal();
  const accept = useDesk((s) => s.accept);
  const [changing, setChanging] = useState(false);
  const { busy, run } = useInFlight();
  const ids = useId();
  return (
    <section className="panel stack" aria-labelledby={`${ids}-title`} data-testid="supervisor-panel">
      <h2 id={`${ids}-title`}>{t('supervisor.title')}</h2>
      {needReset && (
        <p className="alert alert-warning" role="alert" data-testid="pins-need-reset">
          {t('supervisor.needReset')}
        </p>
      )}
      {tampered.length > 0 && (
        <p className="alert alert-danger" role="alert" data-testid="pins-tampered">
          {t('supervisor.tampered', { who: tampered.map(say).join(', ') })}
        </p>
      )}
      {pinSet && newPinNeeded && (
        <p className="alert alert-warning" data-testid="supervisor-new-pin-needed">
          {t('supervisor.newPinNeeded')}
        </p>
      )}
      {pinSet ? (
        <>
          <p>{t('supervisor.unlocked')}</p>
          {changing ? (
            <NewPin changing onDone={() => setChanging(false)} />
          ) : (
            <div className="actions">
              <button type="button" onClick={() => setChanging(true)}>
                {t('supervisor.change')}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => run(async () => accept(await settingsApi.lockSupervisor()))}
              >
                {t('supervisor.lock')}
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <p className="alert alert-warning">{t('supervisor.notSet')}</p>
          <NewPin />
        </>
      )}
    </section>
  );
}

/**
 * A new supervisor PIN, typed twice: a mistyped one would lock the supervisor out of their own desk.
 * Changing one asks for the current one too, however long Settings have been open.
 */
function NewPin({ changing = false, onDone }: { changing?: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const accept = useDesk((s) => s.accept);
  const [currentPin, setCurrentPin] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pin.length < 6) return setProblem(t('supervisor.length'));
    if (pin !== again) return setProblem(t('supervisor.mismatch'));
    setProblem(null);
    const result = await run(() => settingsApi.setSupervisorPin(changing ? { pin, currentPin } : { pin }));
    if (!result) return;
    setError(result.ok ? null : result.error);
    if (!result.ok) return;
    accept(result);
    setCurrentPin('');
    setPin('');
    setAgain('');
    onDone?.();
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      {changing && (
        <PinField
          label={t('supervisor.currentPin')}
          value={currentPin}
          onChange={setCurrentPin}
          owner="supervisor"
        />
      )}
      <div className="field-row">
        <PinField
          label={t('supervisor.newPin')}
          value={pin}
          onChange={setPin}
          hint={t('supervisor.length')}
        />
        <PinField
          label={t('supervisor.repeatPin')}
          value={again}
          onChange={setAgain}
          hint={t('supervisor.length')}
        />
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <ErrorAlert error={error} />
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {t('supervisor.save')}
        </button>
        {onDone && (
          <button type="button" onClick={onDone}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
