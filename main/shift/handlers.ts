// Shifts, the drawer and the X and Z reports, as IPC channels.
import type { DeskState } from '../../common/contract.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
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
  | 'shift.reconcile';

export function shiftHandlers(shifts: Shifts, state: () => DeskState): HandlerTable<ShiftChannel> {
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
    'shift.cashMovement': (request) => shifts.cashMovement(request),
    'shift.report': () => shifts.report(),
    'shift.previewClose': ({ counted }) => shifts.previewClose(counted),
    'shift.close': (request) => shifts.close(request),
    'shift.list': ({ before, limit }) => shifts.list(before, limit),
    'shift.zReport': ({ shiftId }) => shifts.zReport(shiftId),
    'shift.reconcile': ({ shiftId }) => shifts.reconcile(shiftId),
  };
}
