import { useTranslation } from 'react-i18next';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { Countdown } from '../components/Countdown.tsx';
import { SessionExpired } from '../components/SessionExpired.tsx';
import { useSecondsLeft } from '../hooks/useSecondsLeft.ts';
import { useCheckout, useSession } from '../state/checkout.ts';
import { payerDetailsOf } from '../state/payerDetails.ts';

export function ReviewStep() {
  const { t } = useTranslation();
  const { operation, session } = useSession();
  const requisites = useCheckout((s) => s.requisites);
  const confirmOperation = useCheckout((s) => s.confirmOperation);
  const back = useCheckout((s) => s.back);
  const { busy, run } = useInFlight();
  const confirmButton = useFocusOnMount<HTMLButtonElement>();
  const secondsLeft = useSecondsLeft(session.expiredAt);
  const expired = secondsLeft === 0 || operation.phase === 'expired';
  return (
    <ScreenFrame
      title={t('flow.review.title')}
      onBack={busy ? undefined : back}
      cash={operation.cash}
      aside={!expired && <Countdown secondsLeft={secondsLeft} />}
    >
      <OperationSummary
        operation={operation}
        withStatus={false}
        details={payerDetailsOf(session, requisites)}
      />
      {expired ? (
        <SessionExpired />
      ) : (
        <div className="actions">
          <button
            ref={confirmButton}
            type="button"
            className="button-primary button-large"
            disabled={busy}
            onClick={() => run(confirmOperation)}
          >
            {busy ? t('common.working') : t('flow.review.confirm')}
          </button>
        </div>
      )}
    </ScreenFrame>
  );
}
