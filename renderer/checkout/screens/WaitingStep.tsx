import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { describeStatus } from '../../shared/describeStatus.ts';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useTraining } from '../../shared/state/appState.ts';
import { go, showError } from '../../shared/state/navigation.ts';
import { checkoutApi } from '../api.ts';
import { useCheckout, useOperation } from '../state/checkout.ts';

/** Follows `operation.changed` pushes; the desk itself keeps looking the status up. */
export function WaitingStep() {
  const { t } = useTranslation();
  const operation = useOperation();
  const update = useCheckout((s) => s.update);
  const training = useTraining();
  const { busy, run } = useInFlight();
  const primary = useFocusOnMount<HTMLButtonElement>();
  useEffect(() => {
    if (operation.final) go({ name: 'completed' });
  }, [operation.final]);
  const call = async (request: 'confirmTraining' | 'refresh') => {
    const { localId } = operation;
    const result = await run(() =>
      request === 'confirmTraining'
        ? checkoutApi.confirmTraining({ localId })
        : checkoutApi.refresh({ localId }),
    );
    if (!result) return;
    if (result.ok) update({ operation: result.value });
    else showError(result.error, { name: 'waiting' });
  };
  return (
    <ScreenFrame title={t('flow.waiting.title')} cash={operation.cash}>
      {operation.type === 'payout' ? (
        <p className="alert alert-danger" role="alert">
          {t('flow.waiting.payoutWarning')}
        </p>
      ) : (
        <p className="lead">{t('flow.waiting.payinNote')}</p>
      )}
      <p className="live-status" aria-live="polite">
        <span>{t('field.status')}</span>
        <strong data-testid="live-status">{describeStatus(t, operation)}</strong>
      </p>
      <OperationSummary operation={operation} withStatus={false} />
      <div className="actions">
        {training && (
          <button
            ref={primary}
            type="button"
            className="button-primary button-large"
            disabled={busy}
            onClick={() => call('confirmTraining')}
          >
            {t('flow.waiting.confirmTraining')}
          </button>
        )}
        <button
          ref={training ? undefined : primary}
          type="button"
          disabled={busy}
          onClick={() => call('refresh')}
        >
          {t('flow.waiting.refresh')}
        </button>
        <button type="button" className="button-quiet" onClick={() => go({ name: 'home' })}>
          {t('flow.waiting.leave')}
        </button>
      </div>
    </ScreenFrame>
  );
}
