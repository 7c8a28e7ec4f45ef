import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { deskApi } from '../api.ts';
import { useInFlight } from '../hooks/useInFlight.ts';
import { useDesk } from '../state/desk.ts';
import { ErrorAlert } from './ErrorAlert.tsx';

/** Training only: no shift opens by itself, so the agent starts one here before the first payer. */
export function StartTrainingButton({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const accept = useDesk((s) => s.accept);
  const { busy, run } = useInFlight();
  const [error, setError] = useState<AppError | null>(null);
  const start = async () => {
    const result = await run(deskApi.openTraining);
    if (!result) return;
    accept(result);
    setError(result.ok ? null : result.error);
  };
  return (
    <>
      <button
        type="button"
        className="button-primary button-large"
        data-testid="start-training"
        // biome-ignore lint/a11y/noAutofocus: in training nothing else on Home works before this
        autoFocus={autoFocus}
        disabled={busy}
        onClick={start}
      >
        {busy ? t('common.working') : t('shiftActions.startTraining')}
      </button>
      <ErrorAlert error={error} />
    </>
  );
}
