import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, OperationView } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { headOfficeApi } from '../api.ts';

type Props = { operation: OperationView; onClaimed(view: OperationView): void };

/**
 * Another desk's payout, looked up here: "Hand over at this desk" asks the head office first. Only
 * its yes makes the core offer the hand-over; anything else says not to hand over cash.
 */
export function ClaimPayout({ operation, onClaimed }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  if (!operation.meaning.branch?.claim) return null;
  const claim = async () => {
    const result = await run(() => headOfficeApi.claim({ localId: operation.localId }));
    if (!result) return;
    if (!result.ok) return setError(result.error);
    setError(null);
    onClaimed(result.value);
  };
  return (
    <div className="stack" data-testid="claim-payout">
      <p className="hint">{t('headOffice.claim.lead')}</p>
      <button type="button" className="button-primary button-large" disabled={busy} onClick={claim}>
        {busy ? t('headOffice.claim.asking') : t('headOffice.claim.submit')}
      </button>
      <ErrorAlert error={error} />
    </div>
  );
}
