// THE lifecycle of an operation at this desk: its phases, and the events that move it between them,
// as one table (phase × event → phase). Every write goes through the journal, which asks this table
// first: a transition the table does not allow is refused with a typed error and logged, never
// written. Events outside the table that only annotate (a print, a saved PDF) never change the phase.
import type { Phase } from '../../common/contract.ts';

export const LIFECYCLE = {
  opening: {
    session_opened: 'session_open',
    session_failed: 'session_failed',
    // A crash before the session's answer: the payer's form is gone, nothing exists without a create.
    interrupted: 'abandoned',
  },
  session_open: {
    create_sent: 'creating',
    session_expired: 'expired',
    abandoned: 'abandoned',
    interrupted: 'abandoned',
  },
  session_failed: {
    abandoned: 'abandoned',
  },
  creating: {
    created: 'created',
    // A refusal that surely did nothing: the session stays open for the fix.
    create_refused: 'session_open',
    session_expired: 'expired',
    outcome_unknown: 'outcome_unknown',
    interrupted: 'outcome_unknown',
  },
  outcome_unknown: {
    resolved: 'created',
    resolved_not_created: 'not_created',
  },
  created: {
    resolved: 'created',
    status_changed: 'created',
    gateway_changed: 'created',
    mismatch: 'created',
    cash_received: 'created',
    cash_handed_over: 'created',
    cash_returned: 'created',
    custody_reversed: 'created',
  },
  not_created: {},
  abandoned: {},
  expired: {},
} as const satisfies Record<Phase, Record<string, Phase>>;

export type LifecycleEvent = {
  [P in Phase]: keyof (typeof LIFECYCLE)[P];
}[Phase];

/**
 * The gateway holds the operation, whatever this desk thought: it is the truth, so from any phase
 * but `created` (a late reply, a number given up on that exists after all) the record becomes it.
 */
export const FOUND_AT_GATEWAY = 'found_at_gateway';

/** Kept in the operation's log without touching its phase, in any phase. */
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  'receipt_printed',
  'agent_copy_printed',
  'lookup_slip_printed',
  'print_failed',
  'pdf_saved',
]);

export class LifecycleError extends Error {
  override readonly name = 'LifecycleError';
  readonly from: Phase;
  readonly event: string;
  constructor(from: Phase, event: string) {
    super(`An operation in phase "${from}" cannot take the event "${event}".`);
    this.from = from;
    this.event = event;
  }
}

/** The phase after `event`, or a LifecycleError when the table does not allow it. */
export function nextPhase(from: Phase, event: string): Phase {
  if (ANNOTATIONS.has(event)) return from;
  if (event === FOUND_AT_GATEWAY && from !== 'created') return 'created';
  const to = (LIFECYCLE[from] as Record<string, Phase>)[event];
  if (!to) throw new LifecycleError(from, event);
  return to;
}

/** Every event the table knows, for the property test and the log. */
export const LIFECYCLE_EVENTS: readonly string[] = [
  ...new Set([...Object.values(LIFECYCLE).flatMap((row) => Object.keys(row)), FOUND_AT_GATEWAY]),
];
