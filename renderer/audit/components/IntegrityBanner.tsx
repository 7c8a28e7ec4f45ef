import { useTranslation } from 'react-i18next';
import { useDesk } from '../../shared/state/desk.ts';

/**
 * The hash chain found the desk's records changed outside CashDesk (at start or at a close): said
 * plainly until a Z report has printed it.
 */
export function IntegrityBanner() {
  const { t } = useTranslation();
  const findings = useDesk((s) => s.desk?.integrity.findings ?? []);
  if (findings.length === 0) return null;
  return (
    <div className="alert alert-danger" role="alert" data-testid="integrity-banner">
      <p className="strong">{t('audit.tamperTitle')}</p>
      <p>{t('audit.tamperBody')}</p>
      <ul>
        {findings.map((finding) => (
          <li key={`${finding.at}-${finding.message}`}>{finding.message}</li>
        ))}
      </ul>
    </div>
  );
}
