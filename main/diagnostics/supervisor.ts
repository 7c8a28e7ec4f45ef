// The diagnostics export is behind the supervisor PIN. The desk's supervisor service checks it, with
// the same hashing, waits and lock-out as every other PIN; a terminal that has never set one (a
// training desk out of the box) has nothing to check against, so the export goes ahead.
export type SupervisorPins = {
  /** Whether a supervisor PIN has been set on this terminal. */
  isSet(): boolean;
  /** Resolves when the PIN is right; throws the refusal (with its wait or lock-out) when it is not. */
  verify(pin: string): Promise<void>;
};

export async function requireSupervisor(pin: string, pins: SupervisorPins): Promise<void> {
  if (!pins.isSet()) return;
  await pins.verify(pin);
}
