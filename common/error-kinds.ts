// Failure kinds, declared once: the gateway client raises the first list, and the agent can meet
// all of them across IPC.

/** Every way a gateway call can fail. */
export const GATEWAY_ERROR_KINDS = [
  'unauthorized',
  'not_found',
  'rejected',
  'rate_limited',
  'server',
  'timeout',
  'unreachable',
  'invalid_response',
] as const;

/** Gateway kinds plus those main raises itself; each has plain words and a next step in the renderer. */
export const ERROR_KINDS = [
  'invalid_input',
  'validation',
  'session_expired',
  'token_missing',
  ...GATEWAY_ERROR_KINDS,
  'outcome_unknown',
  'conflict',
  // The desk or the supervisor's settings are locked: a PIN opens them (field says which).
  'locked',
  // A PIN was wrong, or not checked during the wait after wrong ones (retryAt says until when).
  'pin_refused',
  'storage',
  'internal',
] as const;
