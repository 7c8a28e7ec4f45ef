import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { headOfficeApi } from '../api.ts';
import { useHeadOffice } from '../state.ts';
import { HeadOfficeLine } from './HeadOfficeLine.tsx';

/** Settings → Head office: where the desk is enrolled and how its upload stands, or the enrolment form. */
export function HeadOfficePanel() {
  const { t } = useTranslation();
  const status = useHeadOffice((s) => s.status);
  const accept = useHeadOffice((s) => s.accept);
  const [url, setUrl] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const ids = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await run(() => headOfficeApi.enrol({ url, code }));
    if (!result) return;
    setError(result.ok ? null : result.error);
    if (result.ok) {
      accept(result.value);
      setCode('');
    }
  };
  return (
    <section className="panel stack" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('headOffice.title')}</h2>
      {status?.enrolled ? (
        <>
          <p>
            {t('headOffice.enrolled', {
              branch: status.branchName,
              terminal: status.terminalId,
              url: status.url,
            })}
          </p>
          <HeadOfficeLine />
          {status.alarm && (
            <p className="alert alert-danger" role="alert">
              {t(`headOffice.banner.${status.alarm}`)}
            </p>
          )}
        </>
      ) : (
        <p>{t('headOffice.notEnrolled')}</p>
      )}
      {(!status?.enrolled || status.alarm === 'token_rejected') && (
        <form className="stack" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${ids}-url`}>{t('headOffice.url')}</label>
            <input
              id={`${ids}-url`}
              type="url"
              value={url}
              placeholder="https://"
              onChange={(e) => setUrl(e.target.value)}
              aria-describedby={`${ids}-url-hint`}
            />
            <p id={`${ids}-url-hint`} className="hint">
              {t('headOffice.urlHint')}
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-code`}>{t('headOffice.code')}</label>
            <input
              id={`${ids}-code`}
              value={code}
              autoComplete="off"
              placeholder="ABCD-EFGH-JKLM-NPQR"
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <div role="status">
            <ErrorAlert error={error} inLiveRegion />
          </div>
          <button type="submit" className="button-primary" disabled={busy || !url || !code}>
            {t('headOffice.enrol')}
          </button>
        </form>
      )}
    </section>
  );
}
