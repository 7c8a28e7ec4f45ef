import { create } from 'zustand';
import type { OperationView } from '../../common/contract.ts';

/**
 * Views kept beyond those on screen. Every push lands here, and a long day's pushes would otherwise
 * keep every operation the desk touched; one no screen shows is read again when a screen opens it.
 */
export const KEPT_UNSHOWN = 200;

/**
 * The renderer's one copy of each operation it knows, by localId: fed by the core's pushes
 * (operations/pushes.ts) and by the answers screens get to their own calls, whichever is newer.
 * A screen selects one row, so a push re-renders only what shows that operation.
 */
type OperationsStore = {
  byId: ReadonlyMap<number, OperationView>;
  /** How many mounted screens show each operation; these are followed by main and never dropped. */
  shown: ReadonlyMap<number, number>;
  /** A view from a push or a call; an older one than what is held changes nothing. */
  put(view: OperationView): void;
  show(localId: number): void;
  hide(localId: number): void;
};

/** The incoming view, unless it is older than the one held (a reply overtaken by a push). */
function newer(held: OperationView | undefined, view: OperationView): boolean {
  return !held || view.updatedAt >= held.updatedAt;
}

export const useOperations = create<OperationsStore>()((set) => ({
  byId: new Map(),
  shown: new Map(),
  put: (view) =>
    set((s) => {
      if (!newer(s.byId.get(view.localId), view)) return s;
      const byId = new Map(s.byId);
      // Re-inserted last: the map's order is the order of use, oldest first.
      byId.delete(view.localId);
      byId.set(view.localId, view);
      return { byId: prune(byId, s.shown) };
    }),
  show: (localId) => set((s) => ({ shown: new Map(s.shown).set(localId, (s.shown.get(localId) ?? 0) + 1) })),
  hide: (localId) =>
    set((s) => {
      const shown = new Map(s.shown);
      const left = (shown.get(localId) ?? 0) - 1;
      if (left > 0) shown.set(localId, left);
      else shown.delete(localId);
      return { shown };
    }),
}));

/** Drops the least recently used views no screen shows, beyond KEPT_UNSHOWN of them. */
function prune(byId: Map<number, OperationView>, shown: ReadonlyMap<number, number>) {
  let unshown = 0;
  for (const localId of byId.keys()) if (!shown.has(localId)) unshown++;
  for (const localId of byId.keys()) {
    if (unshown <= KEPT_UNSHOWN) break;
    if (shown.has(localId)) continue;
    byId.delete(localId);
    unshown--;
  }
  return byId;
}

/** One operation as held; undefined until a push or a call brings it. */
export const useOperationView = (localId: number | null | undefined): OperationView | undefined =>
  useOperations((s) => (localId == null ? undefined : s.byId.get(localId)));

/** The operations on screen now, for main to follow (at most the contract's 8). */
export const shownIds = (shown: ReadonlyMap<number, number>): number[] => [...shown.keys()].slice(0, 8);
