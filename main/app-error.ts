// Turns anything thrown inside main into the one error shape that crosses IPC: a kind the renderer
// has words for, a detail for the log, and what the agent may do with cash.
import type { AppError, CashAdvice, ErrorKind } from '../common/contract.ts';
import { englishRefusal, type Refusal, refusal, withEnglish } from '../common/refusal.ts';
import { GatewayError } from './gateway/errors.ts';
import { LifecycleError } from './operations/lifecycle.ts';
import { StoreError } from './store/open.ts';
import { STORAGE_REFUSALS, storageCause } from './store/sqlite-error.ts';
import { VaultError } from './vault/index.ts';

/** An error main raises on purpose, already in the agent's terms: a key of the refusal catalogue. */
export class AgentError extends Error {
  override readonly name = 'AgentError';
  readonly kind: ErrorKind;
  readonly refusal: Refusal;
  readonly cash: CashAdvice;
  readonly field: string | undefined;
  readonly localId: number | undefined;
  /** For a PIN refused after too many wrong ones: when the next try will be checked. */
  readonly retryAt: string | undefined;
  constructor(
    kind: ErrorKind,
    refused: Refusal,
    options: { cash?: CashAdvice; field?: string; localId?: number; retryAt?: string } = {},
  ) {
    super(englishRefusal(refused));
    this.kind = kind;
    this.refusal = refused;
    this.cash = options.cash ?? 'none';
    this.field = options.field;
    this.localId = options.localId;
    this.retryAt = options.retryAt;
  }
}

export function toAppError(error: unknown, context: { localId?: number; cash?: CashAdvice } = {}): AppError {
  const base = { cash: context.cash ?? 'none', ...(context.localId ? { localId: context.localId } : {}) };
  if (error instanceof AgentError) {
    return {
      kind: error.kind,
      ...withEnglish(error.refusal),
      cash: error.cash,
      ...(error.field ? { field: error.field } : {}),
      ...(error.localId ? { localId: error.localId } : base.localId ? { localId: base.localId } : {}),
      ...(error.retryAt ? { retryAt: error.retryAt } : {}),
    };
  }
  if (error instanceof GatewayError) {
    return {
      ...base,
      // A POST that may have been committed is never reported as a plain failure.
      kind: error.outcomeUnknown ? 'outcome_unknown' : error.kind,
      ...refusal('gateway.answered', { detail: error.message }),
      message: error.message,
      cash: error.outcomeUnknown ? 'hold' : base.cash,
    };
  }
  if (error instanceof LifecycleError) {
    // Something else moved the operation first (a reply, a restart's recovery): nothing was written.
    return {
      ...base,
      kind: 'conflict',
      ...withEnglish(refusal('checkout.changed')),
      cash: 'hold',
    };
  }
  if (error instanceof StoreError || error instanceof VaultError) {
    return {
      ...base,
      kind: 'storage',
      ...refusal('storage.failed', { detail: error.message }),
      message: error.message,
    };
  }
  const cause = storageCause(error);
  if (cause) {
    // The write may have been the write-ahead itself: until it is on disk, no cash may move.
    return { ...base, kind: 'storage', ...withEnglish(refusal(STORAGE_REFUSALS[cause])), cash: 'hold' };
  }
  return { ...base, kind: 'internal', ...withEnglish(refusal('core.internal')) };
}
