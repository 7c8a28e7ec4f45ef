import type { TFunction } from 'i18next';
import type { OperationView } from '../../common/contract.ts';

/** A status that is neither `created` nor final: the gateway will not complete it as it stands. */
export function stuckStatus(operation: Pick<OperationView, 'phase' | 'status' | 'final'>): string | null {
  const { phase, status, final } = operation;
  return phase === 'created' && !final && status !== null && status !== 'created' ? status : null;
}

/**
 * Why no cash moves now, under the banner's one wording for it. Null where the banner says it all:
 * cash to take or hand over, or cash already recorded. Before a session exists, `operation` is null.
 */
export function cashNote(t: TFunction, operation: OperationView | null): string | null {
  if (!operation) return t('cash.note.notCreated');
  if (operation.cash === 'accept' || operation.cash === 'hand_over' || operation.custody) return null;
  const stuck = stuckStatus(operation);
  switch (operation.phase) {
    case 'opening':
    case 'session_open':
      return t('cash.note.notCreated');
    case 'creating':
      return t('cash.note.creating');
    case 'outcome_unknown':
      return t('cash.note.unknown');
    case 'created':
      if (operation.mismatch) return t('cash.note.mismatch');
      if (!operation.ownDesk) return t('cash.note.otherDesk');
      if (stuck) return t('cash.note.stuck', { status: stuck });
      return operation.type === 'payout' ? t('cash.note.payoutWaiting') : null;
    default:
      return t('cash.note.ended');
  }
}
