import { useOperations } from '../../operations/store.ts';
import { useConnection } from '../../shared/state/connection.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { checkoutApi } from '../api.ts';
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
  // The core back after a restart: the operation as it now stands (its recovery may have moved it).
  useConnection.subscribe((now, before) => {
    const operation = checkoutOperation();
    if (!operation || now.returns === before.returns) return;
    void checkoutApi.get({ localId: operation.localId }).then((result) => {
      if (result.ok) useOperations.getState().put(result.value.operation);
    });
  });
}
