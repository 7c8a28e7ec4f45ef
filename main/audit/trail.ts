// The audit trail: who changed what at this desk, appended to its own table (which refuses UPDATE
// and DELETE) and chained with the money tables. Callers add one line where a change is made:
//   audit.record('operator_added', { operatorId: 3, name: 'Aigerim' }, 'supervisor');
// A token is recorded only as its fingerprint; a PIN never (only that one was set).
import { createHash } from 'node:crypto';
import type { AuditEntry } from '../../common/contract.ts';
import { type Clock, isoNow } from '../clock.ts';
import type { Log } from '../log.ts';
import type { Store } from '../store/index.ts';

export type AuditDetail = AuditEntry['detail'];

/** A token's short fingerprint: the first 8 hex of its SHA-256; one-way, and enough to tell two apart. */
export function tokenFingerprint(token: string | null): string | null {
  return token === null ? null : createHash('sha256').update(token).digest('hex').slice(0, 8);
}

export function createAuditTrail(deps: {
  store: Pick<Store, 'audit' | 'durable' | 'shifts'>;
  log: Log;
  terminalId: () => string;
  clock: Pick<Clock, 'now'>;
}) {
  const { store } = deps;
  return {
    /**
     * Appends one row. `by`: 'supervisor' for a supervised act, null for nobody at the desk;
     * otherwise the open shift's operator.
     */
    record(kind: string, detail: AuditDetail, by?: string | null): void {
      const entry = {
        at: isoNow(deps.clock),
        terminalId: deps.terminalId(),
        operator: by === undefined ? (store.shifts.open()?.operatorName ?? null) : by,
        kind,
        detail,
      };
      store.durable(() => store.audit.append(entry));
      deps.log.info('audit', { kind });
    },
    /** Newest first, a page at a time. */
    page(before: number | undefined, limit: number) {
      const entries = store.audit.page(before, limit);
      return { entries, next: entries.length === limit ? entries.at(-1)!.id : null };
    },
    sinceLastZ: () => store.audit.sinceLastZ(),
  };
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;
