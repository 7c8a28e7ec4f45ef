// Which shift a new operation belongs to, and its operator. Apart from the shift service so that
// checkout, which asks, is built before the shift's close, which ends checkout's open sessions.

import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { ShiftsRepo } from '../store/shifts.ts';

export type Attribution = { shiftId: number; operator: string };

export function createAttribution(deps: {
  shifts: Pick<ShiftsRepo, 'open'>;
  /** The open shift has begun closing (main/shift/meaning-context.ts). */
  closing: () => boolean;
}) {
  /**
   * A question with no side effects. No operation happens outside an open shift of its own mode.
   * Call it right before the write, after the last await, so nothing slips into a shift that has
   * begun closing.
   */
  return function attribute(training: boolean): Attribution {
    if (deps.closing()) {
      throw new AgentError('conflict', refusal('shift.closing'));
    }
    const shift = deps.shifts.open();
    if (!shift) {
      throw new AgentError(
        'conflict',
        training ? refusal('shift.startTraining') : refusal('shift.noneOpenLive'),
        { field: 'shift' },
      );
    }
    if (shift.training !== training) {
      throw new AgentError(
        'conflict',
        shift.training ? refusal('shift.trainingOpen') : refusal('shift.liveOpen'),
      );
    }
    return { shiftId: shift.id, operator: shift.operatorName };
  };
}
