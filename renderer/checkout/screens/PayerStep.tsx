import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { go, showError } from '../../shared/state/navigation.ts';
import { requestSession, useCheckout } from '../state/checkout.ts';

/** A barcode scanner types the ID and ends with Enter, which submits the form like a person would. */
export function PayerStep() {
  const { t } = useTranslation();
  const { payerId, update } = useCheckout();
  const { busy, run } = useInFlight();
  const input = useFocusOnMount<HTMLInputElement>();
  const ids = useId();
  const ready = payerId.trim() !== '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const result = await run(requestSession);
    if (!result) return;
    if (result.ok) go({ name: 'session' });
    else showError(result.error, { name: result.error.field === 'amount' ? 'amount' : 'payer' });
  };
  return (
    <ScreenFrame title={t('flow.payer.title')} onBack={() => go({ name: 'amount' })} cash="hold">
      <form className="stack" onSubmit={submit} noValidate>
        <label htmlFor={`${ids}-payer`}>{t('flow.payer.label')}</label>
        <input
          ref={input}
          id={`${ids}-payer`}
          className="input-large"
          autoComplete="off"
          spellCheck={false}
          maxLength={128}
          readOnly={busy}
          value={payerId}
          aria-describedby={`${ids}-hint`}
          onChange={(event) => update({ payerId: event.target.value })}
        />
        <p id={`${ids}-hint`} className="hint">
          {t('flow.payer.hint')}
        </p>
        <button type="submit" className="button-primary button-large" disabled={!ready || busy}>
          {busy ? t('common.working') : t('common.continue')}
        </button>
      </form>
    </ScreenFrame>
  );
}
