// Lookups waiting to be made. Persisted, so a restart, a sign-out or a crash loses none of them.
import type { DatabaseSync } from 'node:sqlite';

export type LookupReason = 'status' | 'resolve' | 'agent';

export type OutboxEntry = {
  shopId: number;
  operationNumber: string;
  reason: LookupReason;
  attempts: number;
  dueAt: string;
  lastError: string | null;
  /** Why it waits beyond routine polling: the link is down, or the gateway's token is missing or refused. */
  waiting: LookupWaiting | null;
};

export type LookupWaiting = 'connection' | 'token';

export function createOutboxRepo(db: DatabaseSync, now: () => string) {
  // A queued lookup is never doubled; a stronger reason (resolve > agent > status) wins.
  const upsert = db.prepare(`
    INSERT INTO outbox (shop_id, operation_number, reason, attempts, due_at, created_at, waiting)
    VALUES (?, ?, ?, 0, ?, ?, ?)
    ON CONFLICT (shop_id, operation_number) DO UPDATE SET
      reason = CASE WHEN outbox.reason = 'resolve' OR excluded.reason = 'resolve' THEN 'resolve'
                    WHEN outbox.reason = 'agent' OR excluded.reason = 'agent' THEN 'agent'
                    ELSE 'status' END,
      due_at = MIN(outbox.due_at, excluded.due_at),
      waiting = COALESCE(excluded.waiting, outbox.waiting)`);
  const due = db.prepare(`
    SELECT shop_id AS shopId, operation_number AS operationNumber, reason, attempts, due_at AS dueAt,
           last_error AS lastError, waiting
    FROM outbox WHERE due_at <= ? ORDER BY due_at LIMIT ?`);
  const nextDue = db.prepare('SELECT MIN(due_at) AS dueAt FROM outbox');
  const reschedule = db.prepare(
    `UPDATE outbox SET attempts = attempts + ?, due_at = ?, last_error = ?, reason = ?,
       waiting = CASE WHEN ? THEN ? ELSE waiting END
     WHERE shop_id = ? AND operation_number = ?`,
  );
  const remove = db.prepare('DELETE FROM outbox WHERE shop_id = ? AND operation_number = ?');
  const removeRoutine = db.prepare(
    "DELETE FROM outbox WHERE shop_id = ? AND operation_number = ? AND reason = 'status'",
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM outbox');
  const waitingCount = db.prepare('SELECT COUNT(*) AS n FROM outbox WHERE waiting IS NOT NULL');
  const pullForward = db.prepare('UPDATE outbox SET due_at = ? WHERE due_at > ? AND last_error IS NOT NULL');

  return {
    /** `waiting`: queued because the gateway could not be reached, not as routine polling. */
    enqueue(
      shopId: number,
      operationNumber: string,
      reason: LookupReason,
      dueAt = now(),
      waiting: LookupWaiting | null = null,
    ) {
      upsert.run(shopId, operationNumber, reason, dueAt, now(), waiting);
    },
    due(limit: number): OutboxEntry[] {
      return due.all(now(), limit) as OutboxEntry[];
    },
    nextDueAt(): string | null {
      return (nextDue.get() as { dueAt: string | null }).dueAt;
    },
    /** `attempts` counts failed or unfinished tries; a lease for an in-flight lookup adds none. */
    reschedule(
      shopId: number,
      operationNumber: string,
      change: {
        dueAt: string;
        error: string | null;
        reason: LookupReason;
        addAttempt: boolean;
        /** Left as it is when absent: a lease says nothing about why the lookup waits. */
        waiting?: LookupWaiting | null;
      },
    ) {
      reschedule.run(
        change.addAttempt ? 1 : 0,
        change.dueAt,
        change.error,
        change.reason,
        change.waiting === undefined ? 0 : 1,
        change.waiting ?? null,
        shopId,
        operationNumber,
      );
    },
    remove(shopId: number, operationNumber: string) {
      remove.run(shopId, operationNumber);
    },
    /** Only routine polling: an agent's lookup or an unknown outcome to settle stays queued. */
    removeRoutine(shopId: number, operationNumber: string) {
      removeRoutine.run(shopId, operationNumber);
    },
    count(): number {
      return Number((count.get() as { n: number }).n);
    },
    /** Lookups held up by the link or a token: what the agent sees as queued. */
    waitingCount(): number {
      return Number((waitingCount.get() as { n: number }).n);
    },
    /** When the gateway answers again, lookups that were waiting out a failure go at once. */
    retryFailedNow() {
      const at = now();
      pullForward.run(at, at);
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
