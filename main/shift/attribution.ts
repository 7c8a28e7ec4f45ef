// Which shift a new operation belongs to, and its operator. Apart from the shift service so that
// checkout, which asks, is built before the shift's close, which ends checkout's open sessions.
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
      throw new AgentError(
        'conflict',
        'The shift is closing: no cash moves in it now. Open the next shift first.',
      );
    }
    const shift = deps.shifts.open();
    if (!shift) {
      throw new AgentError(
        'conflict',
        training
          ? 'Start a training shift first (Home: Start training).'
          : 'No shift is open: in Live mode an operator signs in and opens one before any operation.',
        { field: 'shift' },
      );
    }
    if (shift.training !== training) {
      throw new AgentError(
        'conflict',
        shift.training
          ? 'A training shift is open: close it before working in Live.'
          : 'A live shift is open: training operations never count in it.',
      );
    }
    return { shiftId: shift.id, operator: shift.operatorName };
  };
}
