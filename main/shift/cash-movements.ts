// Cash added to the drawer or taken from it to the safe: each with a reason and the supervisor's
// PIN, on disk before the agent is told, and never more taken than the drawer should hold.

import { expectedIn } from '../../common/cash-rules/drawer-cash.ts';
import type { CashLine, CashMovementKind } from '../../common/contract.ts';
import { compare } from '../../common/money.ts';
import { phrase, refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import { isoNow } from '../clock.ts';
import type { ShiftRecord } from '../store/shifts.ts';
import type { ShiftDeps } from './shift-deps.ts';

export type CashMovementInput = {
  kind: CashMovementKind;
  currency: string;
  amount: string;
  reason: string;
  /** Who holds the safe and approves (the supervisor), named on the slip. */
  safeHolder?: string | undefined;
  supervisorPin?: string | undefined;
};

export async function recordCashMovement(
  deps: ShiftDeps,
  shifts: { requireOpen(): ShiftRecord; expected(shift: ShiftRecord): CashLine[] },
  input: CashMovementInput,
) {
  const { store } = deps;
  const { requireOpen, expected } = shifts;
  requireOpen();
  const approved = await deps.supervisor.approve(input.supervisorPin, phrase('action.cashMovement'));
  const shift = requireOpen();
  if (input.kind === 'removed') {
    const inDrawer = expectedIn(expected(shift), input.currency);
    if (compare(input.amount, inDrawer) > 0) {
      throw new AgentError(
        'validation',
        refusal('shift.onlyInDrawer', { amount: inDrawer, currency: input.currency }),
        {
          field: 'amount',
        },
      );
    }
  }
  const movement = {
    at: isoNow(deps.clock),
    kind: input.kind,
    currency: input.currency,
    amount: input.amount,
    reason: input.reason,
    operator: shift.operatorName,
    approved,
  };
  const id = store.durable(() => {
    const added = store.shifts.addMovement(shift.id, movement);
    if (input.safeHolder) store.drawer.addSafeHolder(added, input.safeHolder);
    return added;
  });
  deps.log.info('cash_movement', { shiftId: shift.id, id, kind: input.kind, approved });
  if (approved) {
    deps.audit.record(
      'cash_movement_approved',
      {
        movementId: id,
        kind: input.kind,
        currency: input.currency,
        amount: input.amount,
        reason: input.reason,
      },
      'supervisor',
    );
  }
  deps.changed();
  return { movement: { id, ...movement }, cash: expected(shift) };
}
