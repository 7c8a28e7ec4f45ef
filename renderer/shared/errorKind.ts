import type { ErrorKind } from '../../common/contract.ts';
import { ERROR_KINDS } from '../../common/error-kinds.ts';

/** A kind stored as text (an operation's last error, an event's detail) that has words of its own. */
export function isErrorKind(kind: string): kind is ErrorKind {
  return (ERROR_KINDS as readonly string[]).includes(kind);
}
