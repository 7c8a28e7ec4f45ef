import type { AppError, ErrorKind } from '../../common/contract.ts';
import { ERROR_KINDS } from '../../common/error-kinds.ts';
import type { Refusal } from '../../common/refusal.ts';

/** A kind stored as text (an operation's last error, an event's detail) that has words of its own. */
export function isErrorKind(kind: string): kind is ErrorKind {
  return (ERROR_KINDS as readonly string[]).includes(kind);
}

/**
 * Kinds main raises on purpose with the reason in its own words ("Only … is expected in the
 * drawer"): the kind's title alone ("Check the entry") hides what to correct.
 */
const SAYS_WHY: ReadonlySet<ErrorKind> = new Set(['validation', 'conflict', 'locked']);

/**
 * The core's plain reason in the agent's language, to show as the main line; null where the
 * kind's own words say it all.
 */
export function coreReason(error: AppError, say: (refused: Refusal) => string): string | null {
  return SAYS_WHY.has(error.kind) ? say(error) : null;
}

/**
 * The next step's key. A conflict about an operation is followed from History; any other (a shift
 * open, the desk closing) is settled first, as the reason says, and then tried again.
 */
export function nextStepKey(
  error: AppError,
): `error.kinds.${ErrorKind}.next` | 'error.kinds.conflict.nextOther' {
  return error.kind === 'conflict' && error.localId === undefined
    ? 'error.kinds.conflict.nextOther'
    : `error.kinds.${error.kind}.next`;
}
