// Shifts, the drawer and the X and Z reports, as IPC channels.
import type { DeskState } from '../../common/contract.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { SlipPrinting } from '../receipts/slip-printing.ts';
import type { Shifts } from './shifts.ts';

type ShiftChannel =
  | 'shift.current'
  | 'shift.open'
  | 'shift.openTraining'
  | 'shift.cashMovement'
  | 'shift.report'
  | 'shift.previewClose'
  | 'shift.close'
  | 'shift.list'
  | 'shift.zReport'
  | 'shift.reconcile'
  | 'drawer.previewHandover'
  | 'drawer.handover'
  | 'drawer.printSlip';

export function shiftHandlers(
  shifts: Shifts,
  state: () => DeskState,
  slips: SlipPrinting,
): HandlerTable<ShiftChannel> {
  return {
    'shift.current': () => shifts.current(),
    'shift.open': async (request) => {
      await shifts.open(request);
      return state();
    },
    'shift.openTraining': () => {
      shifts.openTraining();
      return state();
    },
    // The slip prints once the movement is on disk; a print that fails says so and moves nothing back.
    'shift.cashMovement': async (request) => {
      const moved = await shifts.cashMovement(request);
      return { ...moved, slip: await slips.print(moved.movement.id) };
    },
    'shift.report': () => shifts.report(),
    'shift.previewClose': ({ counted }) => shifts.previewClose(counted),
    'shift.close': (request) => shifts.close(request),
    'shift.list': ({ before, limit }) => shifts.list(before, limit),
    'shift.zReport': ({ shiftId }) => shifts.zReport(shiftId),
    'shift.reconcile': ({ shiftId }) => shifts.reconcile(shiftId),
    'drawer.previewHandover': ({ counted }) => shifts.previewHandover(counted),
    'drawer.handover': async (request) => ({ handover: await shifts.handOver(request), desk: state() }),
    'drawer.printSlip': ({ movementId }) => slips.print(movementId),
  };
}
