import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { headOfficeApi } from '../api.ts';
import { useHeadOffice } from '../state.ts';

/** On an enrolled desk whose reset file is in place: the head office's one-time code completes the reset. */
export function ResetCodeForm() {
  const { t } = useTranslation();
  const armed = useHeadOffice((s) => s.status?.resetArmed ?? false);
  const reload = useHeadOffice((s) => s.load);
  const loadDesk = useDesk((s) => s.load);
  const [code, setCode] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const ids = useId();
  if (!armed) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await run(() => headOfficeApi.resetWithCode({ code }));
    if (!result) return;
    setError(result.ok ? null : result.error);
    if (result.ok) await Promise.all([reload(), loadDesk()]);
  };
  return (
    <form className="panel stack" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('headOffice.reset.title')}</h2>
      <p>{t('headOffice.reset.lead')}</p>
      <div className="field">
        <label htmlFor={`${ids}-code`}>{t('headOffice.reset.code')}</label>
        <textarea id={`${ids}-code`} value={code} rows={3} onChange={(e) => setCode(e.target.value)} />
      </div>
      <div role="status">
        <ErrorAlert error={error} inLiveRegion />
      </div>
      <button type="submit" className="button-primary" disabled={busy || !code.trim()}>
        {t('headOffice.reset.submit')}
      </button>
    </form>
  );
}
