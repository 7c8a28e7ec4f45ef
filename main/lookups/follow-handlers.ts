// What the window shows, so main can keep it current: the renderer names the operations on screen
// and never asks again on a timer; the queue follows them (lookup.follow) and main pushes each change.
import type { Feature } from '../feature.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';
import type { Lookups } from './queue.ts';

export function createFollowFeature(deps: {
  store: Pick<Store, 'operations'>;
  lookups: Lookups;
}): Feature<HandlerTable<'lookup.follow'>> {
  const handlers: HandlerTable<'lookup.follow'> = {
    'lookup.follow': ({ localIds }) => {
      // An id this desk does not hold names nothing to follow; it is not worth refusing the rest.
      const shown = localIds.flatMap((localId): OperationRecord[] => {
        const record = deps.store.operations.get(localId);
        return record ? [record] : [];
      });
      deps.lookups.followShown(shown);
      return {};
    },
  };
  return { handlers };
}
