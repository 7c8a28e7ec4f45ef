import { useOpenOperations } from '../home/state/openOperations.ts';
import { useAttention } from '../shared/state/attention.ts';
import { operationsApi } from './api.ts';
import { shownIds, useOperations } from './store.ts';

/**
 * The one subscription to the core's operation pushes: each view lands in the store, an attention
 * also becomes a notice, and Home's tray is what main last pushed. Main is told which operations are on screen whenever that changes,
 * so it follows them itself: the renderer never asks on a timer.
 */
export function bindOperationPushes(): void {
  const { put } = useOperations.getState();
  operationsApi.onChanged(put);
  operationsApi.onAttention((attention) => {
    put(attention.operation);
    useAttention.getState().receive(attention);
  });
  operationsApi.onTrayChanged(({ rows }) => useOpenOperations.getState().accept(rows));
  // A new window's first word: nothing is on screen, so an earlier window's follows end.
  let said: number[] = [];
  void operationsApi.follow({ localIds: said });
  let pending = false;
  useOperations.subscribe((state, before) => {
    if (state.shown === before.shown || pending) return;
    // One screen leaving and the next arriving is one change, not two calls.
    pending = true;
    queueMicrotask(() => {
      pending = false;
      const now = shownIds(useOperations.getState().shown);
      if (now.length === said.length && now.every((id, i) => id === said[i])) return;
      said = now;
      void operationsApi.follow({ localIds: now });
    });
  });
}
