// The desk as the answer about an operation depends on it (main/operations/meaning.ts): its mode,
// the open shift, whether that shift has begun closing, and the time.
import { type Clock, systemClock } from '../clock.ts';
import type { DeskContext } from '../operations/meaning.ts';
import type { SettingsService } from '../settings/service.ts';
import type { ShiftsRepo } from '../store/shifts.ts';

export function createDeskContext(deps: {
  settings: SettingsService;
  shifts: ShiftsRepo;
  /** Payouts released to, or claimed from, the branch (main/headoffice/), on an enrolled desk. */
  branch?: DeskContext['branch'];
  /** The time a session's use is judged by (main/operations/session-answer.ts). */
  clock?: Pick<Clock, 'now'>;
}) {
  let closing = false;
  return {
    get(): DeskContext {
      const open = deps.shifts.open();
      return {
        mode: deps.settings.get().mode,
        shift: open ? { training: open.training } : null,
        closing: closing && open !== undefined,
        ...(deps.branch ? { branch: deps.branch } : {}),
        now: (deps.clock ?? systemClock).now(),
      };
    },
    /** Set by the close for as long as it runs: nothing moves cash in a closing shift. */
    setClosing(value: boolean) {
      closing = value;
    },
    closing: () => closing,
  };
}

export type DeskContextSource = ReturnType<typeof createDeskContext>;
