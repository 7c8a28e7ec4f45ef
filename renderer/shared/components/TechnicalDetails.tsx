import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Raw values for support (codes, IDs, the gateway's own words), folded away from the agent's view. */
export function TechnicalDetails({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <details className="technical-details" data-testid="technical-details">
      <summary>{t('common.technicalDetails')}</summary>
      <div className="technical-body">{children}</div>
    </details>
  );
}
