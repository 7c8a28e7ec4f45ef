import { useTranslation } from 'react-i18next';
import type { AppError, OperationView } from '../../../common/contract.ts';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { go, showError } from '../../shared/state/navigation.ts';
import { checkoutApi } from '../api.ts';
import { Countdown } from '../components/Countdown.tsx';
import { SessionExpired } from '../components/SessionExpired.tsx';
import { useSecondsLeft } from '../hooks/useSecondsLeft.ts';
import { useCheckout, useSession } from '../state/checkout.ts';

export function ReviewStep() {
  const { t } = useTranslation();
  const { operation, session } = useSession();
  const { requisites, update } = useCheckout();
  const { busy, run } = useInFlight();
  const confirmButton = useFocusOnMount<HTMLButtonElement>();
  const secondsLeft = useSecondsLeft(session.expiredAt);
  const expired = secondsLeft === 0 || operation.phase === 'expired';
  const details = session.payerRequisites.map((d) => ({ ...d, value: (requisites[d.name] ?? '').trim() }));
  const confirm = async () => {
    const result = await run(() =>
      checkoutApi.createOperation({
        localId: operation.localId,
        payerRequisites: details.map(({ name, value }) => ({ name, value })),
      }),
    );
    if (!result) return;
    if (result.ok) {
      update({ operation: result.value });
      go({ name: afterCreate(result.value) });
    } else {
      showError(result.error, { name: backAfterFailure(result.error) });
    }
  };
  return (
    <ScreenFrame
      title={t('flow.review.title')}
      onBack={busy ? undefined : () => go({ name: 'session' })}
      cash={operation.cash}
      aside={!expired && <Countdown secondsLeft={secondsLeft} />}
    >
      <OperationSummary operation={operation} withStatus={false} details={details} />
      {expired ? (
        <SessionExpired />
      ) : (
        <div className="actions">
          <button
            ref={confirmButton}
            type="button"
            className="button-primary button-large"
            disabled={busy}
            onClick={confirm}
          >
            {busy ? t('common.working') : t('flow.review.confirm')}
          </button>
        </div>
      )}
    </ScreenFrame>
  );
}

function afterCreate(operation: OperationView): 'waiting' | 'completed' {
  return operation.final ? 'completed' : 'waiting';
}

/**
 * After an unknown outcome the way forward is a lookup, never back to Confirm. Any other refusal
 * leaves the session usable, and the core refuses a second create for a session that is not.
 */
function backAfterFailure(error: AppError): 'session' | 'home' {
  return error.kind === 'outcome_unknown' ? 'home' : 'session';
}
