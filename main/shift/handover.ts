// The drawer between operators without closing the shift: the outgoing operator counts
// it, the incoming one confirms that count with their own PIN (checked here in main, never logged),
// and a variance over the threshold needs a note and the supervisor's PIN, as at the close. The
// shift stays open; from the handover on the drawer, and every operation, custody record and cash
// movement after it, is the incoming operator's. The handover is kept (append-only, chained) and
// the audit trail records it.

import { varianceLines } from '../../common/cash-rules/drawer-cash.ts';
import type { CashLine, DrawerCount, VarianceLine } from '../../common/contract.ts';
import { phrase, refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import { isoNow } from '../clock.ts';
import type { ShiftRecord } from '../store/shifts.ts';
import { countDrawer } from './drawer-count.ts';
import type { ShiftDeps } from './shift-deps.ts';

export type HandoverInput = {
  counted: DrawerCount;
  /** The incoming operator and their PIN. */
  operatorId: number;
  pin: string;
  note?: string | undefined;
  supervisorPin?: string | undefined;
};

type Drawer = { requireOpen(): ShiftRecord; expected(shift: ShiftRecord): CashLine[] };

const over = (variance: VarianceLine[]) =>
  variance.filter((line) => line.overThreshold).map((line) => line.currency);

export function createHandover(deps: ShiftDeps, drawer: Drawer) {
  const { store } = deps;

  /** The shift whose drawer can pass: open, live, held by a signed-in operator. */
  function handable(): ShiftRecord & { operatorId: number } {
    const shift = drawer.requireOpen();
    if (shift.operatorId === null) {
      throw new AgentError('conflict', refusal('shift.trainingNoOperator'));
    }
    return shift as ShiftRecord & { operatorId: number };
  }

  function variance(shift: ShiftRecord, counted: DrawerCount) {
    const cash = drawer.expected(shift);
    const count = countDrawer(counted, 'counted');
    const missing = cash.find((line) => !count.some((c) => c.currency === line.currency));
    if (missing) {
      throw new AgentError('validation', refusal('shift.countCurrency', { currency: missing.currency }), {
        field: 'counted',
      });
    }
    return { count, lines: varianceLines(cash, count, deps.deskSettings.get().varianceThresholds) };
  }

  return {
    /** The outgoing count against the expected cash; nothing is kept until the handover itself. */
    preview(counted: DrawerCount) {
      const { lines } = variance(handable(), counted);
      return { variance: lines, needsApproval: over(lines).length > 0 };
    },

    async handOver(input: HandoverInput) {
      const outgoing = handable();
      if (input.operatorId === outgoing.operatorId) {
        throw new AgentError('validation', refusal('shift.holdsDrawer', { name: outgoing.operatorName }), {
          field: 'operatorId',
        });
      }
      const first = variance(outgoing, input.counted);
      const overBefore = over(first.lines);
      const what = (currencies: string[]) =>
        phrase('action.handoverVariance', { currencies: currencies.join(', ') });
      if (overBefore.length && !input.note) {
        throw new AgentError('validation', refusal('shift.needsNote', { what: what(overBefore) }), {
          field: 'note',
        });
      }
      // The incoming operator confirms the count with their own PIN, then the supervisor if need be.
      const incoming = await deps.operators.verify(input.operatorId, input.pin);
      const approved = overBefore.length
        ? await deps.supervisor.approve(input.supervisorPin, what(overBefore))
        : false;
      // Cash may have moved during the PIN checks: the figures kept are the figures as they stand.
      const shift = handable();
      if (shift.id !== outgoing.id || shift.operatorId !== outgoing.operatorId) {
        throw new AgentError('conflict', refusal('shift.changedHands'));
      }
      const { count, lines } = variance(shift, input.counted);
      const overNow = over(lines);
      if (overNow.length && !approved && deps.supervisor.approvalNeeded()) {
        throw new AgentError(
          'validation',
          refusal(input.note ? 'shift.changedDuringCheck' : 'shift.changedDuringCheckNote', {
            what: what(overNow),
          }),
          { field: input.note ? 'supervisorPin' : 'note' },
        );
      }
      const handover = {
        at: isoNow(deps.clock),
        operator: shift.operatorName,
        fromOperatorId: shift.operatorId,
        to: incoming.name,
        toOperatorId: incoming.id,
        counted: count,
        variance: lines,
        overThreshold: overNow.length > 0,
        note: input.note ?? null,
        supervisorApproved: approved,
      };
      const id = store.durable(() => store.drawer.addHandover(shift.id, handover));
      deps.log.info('drawer_handover', {
        shiftId: shift.id,
        id,
        fromOperatorId: shift.operatorId,
        toOperatorId: incoming.id,
        overThreshold: handover.overThreshold,
      });
      deps.audit.record(
        'drawer_handover',
        {
          shiftId: shift.id,
          from: shift.operatorName,
          to: incoming.name,
          variance: lines.map((line) => `${line.currency} ${line.variance}`).join(', '),
          note: handover.note,
          supervisorApproved: approved,
        },
        shift.operatorName,
      );
      deps.desk.signIn({ id: incoming.id, name: incoming.name });
      deps.changed();
      return { id, ...handover };
    },
  };
}
