import { useOperations } from '../../operations/store.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { checkoutOperation, useCheckout } from './checkout.ts';

/**
 * Keeps the checkout on its operation: the core's pushes land in the operations store, and the screens that
 * wait on the operation move on once it has — an error screen when a lookup or push shows it was
 * created after all, the waiting screen when it turns final.
 */
export function followOperation(): void {
  const follow = () => {
    const operation = checkoutOperation();
    const { screen, showStep } = useNavigation.getState();
    if (!operation) return;
    const about = screen.name === 'error' && screen.error.localId === operation.localId;
    if (about && operation.phase === 'created') showStep('waiting');
    else if (screen.name === 'waiting' && operation.final) showStep('completed');
  };
  useCheckout.subscribe(follow);
  useOperations.subscribe(follow);
  useNavigation.subscribe(follow);
}
