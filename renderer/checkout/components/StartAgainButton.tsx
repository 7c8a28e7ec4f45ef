import { useTranslation } from 'react-i18next';
import type { OperationView } from '../../../common/contract.ts';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useCheckout } from '../state/checkout.ts';

/**
 * Never created (`meaning.startAgain`): the same shop, type, method, amount and payer under a new
 * operation number; the payer's requisites are entered again on the next screen.
 */
export function StartAgainButton({ operation }: { operation: OperationView }) {
  const { t } = useTranslation();
  const startAgain = useCheckout((s) => s.startAgain);
  const { busy, run } = useInFlight();
  const focus = useFocusOnMount<HTMLButtonElement>();
  return (
    <button
      ref={focus}
      type="button"
      className="button-primary button-large"
      data-testid="start-again"
      disabled={busy}
      onClick={() => run(() => startAgain(operation))}
    >
      {busy ? t('common.working') : t('notCreated.startAgain')}
    </button>
  );
}
