// SEAM (supervisor PIN). The operators service, with the supervisor PIN, is being built on another
// branch; on merge, core.ts passes it here as `pins` and this is the one place that changes.
// Until then no supervisor PIN exists, so `pins` is null and every request passes: the channels
// that need a supervisor already demand a PIN-shaped field, so the renderer asks for it today.
import { AgentError } from '../app-error.ts';

export type SupervisorPins = {
  /** Whether a supervisor PIN has been set on this terminal. */
  isSet(): boolean;
  verify(pin: string): boolean | Promise<boolean>;
};

export async function requireSupervisor(pin: string, pins: SupervisorPins | null): Promise<void> {
  if (!pins?.isSet()) return;
  if (!(await pins.verify(pin))) {
    throw new AgentError('validation', 'The supervisor PIN is not right.', { field: 'supervisorPin' });
  }
}
