// When an update may be installed: never mid-payment. Not while a checkout is under way, not while
// any operation sits in Home's tray (an outcome unknown, a status not final, cash still to take or
// hand over, a mismatch), and only once the renderer says it is on Home and idle there.
import { awaitsGateway } from '../../common/cash-rules/operation-answer.ts';
import type { OperationView, UpdateHold } from '../../common/contract.ts';
import { type Clock, systemClock } from '../clock.ts';
import { sessionUsable } from '../operations/session-answer.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';

export type UpdateDecision = { allowed: true } | { allowed: false; hold: UpdateHold };

/** Every row the tray's query returns, not just the first screenful: one missed row is one too many. */
const ALL_ROWS = Number.MAX_SAFE_INTEGER;

export function createUpdatePolicy(deps: {
  store: Pick<Store, 'operations'>;
  /** The operations as the desk answers for them now (main/operations/view.ts). */
  views: (records: readonly OperationRecord[]) => OperationView[];
  clock?: Pick<Clock, 'now'>;
}) {
  const now = () => (deps.clock ?? systemClock).now();
  // Until the renderer says otherwise, the desk is taken to be busy.
  let idleOnHome = false;

  /** A session held for a payer (while it may be used), or a request to the gateway not yet answered. */
  function checkoutUnderWay(): boolean {
    return deps.store.operations
      .unsettled()
      .some(
        (record) =>
          record.origin === 'counter' && (awaitsGateway(record.phase) || sessionUsable(record, now())),
      );
  }

  return {
    setIdle(home: boolean) {
      idleOnHome = home;
    },
    decide(): UpdateDecision {
      if (!idleOnHome) return { allowed: false, hold: 'not_idle' };
      if (checkoutUnderWay()) return { allowed: false, hold: 'checkout_in_progress' };
      // The tray's rows: an open reason stored with each change, as the desk answers for it now (a
      // payout released to the branch is open no more here).
      if (deps.views(deps.store.operations.open(ALL_ROWS)).some((view) => view.meaning.open !== null)) {
        return { allowed: false, hold: 'operation_open' };
      }
      return { allowed: true };
    },
  };
}

export type UpdatePolicy = ReturnType<typeof createUpdatePolicy>;
