// Operation history: one row per operation number, plus its append-only event log.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { OperationEvent, OperationTypeValue, Phase } from '../../common/contract.ts';
import type { PayerDetail, PayerRequisiteDescriptor, PaymentMethodRequisite } from '../gateway/schemas.ts';
import { transaction } from './open.ts';

export type OperationRecord = {
  localId: number;
  shopId: number;
  operationNumber: string;
  terminalId: string;
  origin: 'counter' | 'lookup';
  type: OperationTypeValue;
  training: boolean;
  methodId: string;
  methodName: string;
  instrumentType: string;
  payerId: string;
  amount: string;
  currency: string;
  phase: Phase;
  status: string | null;
  sessionId: string | null;
  sessionExpiresAt: string | null;
  payerRequisites: PayerRequisiteDescriptor[];
  methodRequisites: PaymentMethodRequisite[];
  gatewayId: string | null;
  settlementAmount: string | null;
  settlementCurrency: string | null;
  registeredAt: string | null;
  gatewayUpdatedAt: string | null;
  isCorrection: boolean;
  parent: unknown;
  payerDetails: PayerDetail[];
  lastErrorKind: string | null;
  lastErrorMessage: string | null;
  createdAt: string;
  updatedAt: string;
  lastCheckedAt: string | null;
  printCount: number;
};

export type NewOperation = Pick<
  OperationRecord,
  | 'shopId'
  | 'operationNumber'
  | 'terminalId'
  | 'origin'
  | 'type'
  | 'training'
  | 'methodId'
  | 'methodName'
  | 'instrumentType'
  | 'payerId'
  | 'amount'
  | 'currency'
  | 'phase'
> &
  Partial<OperationRecord>;

export type OperationPatch = Partial<
  Omit<OperationRecord, 'localId' | 'shopId' | 'operationNumber' | 'createdAt'>
>;

export type HistoryFilter = {
  text?: string | undefined;
  type?: OperationTypeValue | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  training?: boolean | undefined;
  before?: { createdAt: string; localId: number } | undefined;
  limit: number;
};

type Column = { column: string; json?: boolean; bool?: boolean };
const COLUMNS: Record<keyof OperationRecord, Column> = {
  localId: { column: 'local_id' },
  shopId: { column: 'shop_id' },
  operationNumber: { column: 'operation_number' },
  terminalId: { column: 'terminal_id' },
  origin: { column: 'origin' },
  type: { column: 'type' },
  training: { column: 'training', bool: true },
  methodId: { column: 'method_id' },
  methodName: { column: 'method_name' },
  instrumentType: { column: 'instrument_type' },
  payerId: { column: 'payer_id' },
  amount: { column: 'amount' },
  currency: { column: 'currency' },
  phase: { column: 'phase' },
  status: { column: 'status' },
  sessionId: { column: 'session_id' },
  sessionExpiresAt: { column: 'session_expires_at' },
  payerRequisites: { column: 'payer_requisites', json: true },
  methodRequisites: { column: 'method_requisites', json: true },
  gatewayId: { column: 'gateway_id' },
  settlementAmount: { column: 'settlement_amount' },
  settlementCurrency: { column: 'settlement_currency' },
  registeredAt: { column: 'registered_at' },
  gatewayUpdatedAt: { column: 'gateway_updated_at' },
  isCorrection: { column: 'is_correction', bool: true },
  parent: { column: 'parent', json: true },
  payerDetails: { column: 'payer_details', json: true },
  lastErrorKind: { column: 'last_error_kind' },
  lastErrorMessage: { column: 'last_error_message' },
  createdAt: { column: 'created_at' },
  updatedAt: { column: 'updated_at' },
  lastCheckedAt: { column: 'last_checked_at' },
  printCount: { column: 'print_count' },
};
const KEYS = Object.keys(COLUMNS) as (keyof OperationRecord)[];
const JSON_DEFAULTS: Partial<Record<keyof OperationRecord, unknown>> = {
  payerRequisites: [],
  methodRequisites: [],
  payerDetails: [],
  parent: null,
};

function toSql(key: keyof OperationRecord, value: unknown): SQLInputValue {
  const spec = COLUMNS[key];
  if (value === undefined || value === null) return spec.json && key !== 'parent' ? '[]' : null;
  if (spec.json) return JSON.stringify(value);
  if (spec.bool) return value ? 1 : 0;
  return value as SQLInputValue;
}

function fromRow(row: Record<string, SQLInputValue>): OperationRecord {
  const record: Record<string, unknown> = {};
  for (const key of KEYS) {
    const spec = COLUMNS[key];
    const raw = row[spec.column];
    if (spec.json) record[key] = raw == null ? JSON_DEFAULTS[key] : JSON.parse(String(raw));
    else if (spec.bool) record[key] = raw === 1 || raw === 1n;
    else record[key] = typeof raw === 'bigint' ? Number(raw) : raw;
  }
  return record as OperationRecord;
}

export type EventInput = { kind: string; detail?: string | null };

export function createOperationsRepo(db: DatabaseSync, now: () => string) {
  const byId = db.prepare('SELECT * FROM operations WHERE local_id = ?');
  const byNumber = db.prepare('SELECT * FROM operations WHERE operation_number = ? AND shop_id = ?');
  const insertEvent = db.prepare(
    'INSERT INTO operation_events (local_id, at, kind, phase, status, detail) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const listEvents = db.prepare(
    'SELECT at, kind, phase, status, detail FROM operation_events WHERE local_id = ? ORDER BY id',
  );
  const insertStatements = new Map<string, StatementSync>();
  const patchStatements = new Map<string, StatementSync>();
  const searchStatements = new Map<string, StatementSync>();
  const cached = (statements: Map<string, StatementSync>, key: string, sql: () => string) => {
    let statement = statements.get(key);
    if (!statement) {
      statement = db.prepare(sql());
      statements.set(key, statement);
    }
    return statement;
  };
  const prefixProbe = db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM operations
    WHERE operation_number >= ? AND operation_number < ? LIMIT ${SPARSE_PREFIX + 1})`);

  function get(localId: number): OperationRecord | undefined {
    const row = byId.get(localId);
    return row ? fromRow(row) : undefined;
  }

  function appendEvent(record: OperationRecord, event: EventInput) {
    insertEvent.run(record.localId, now(), event.kind, record.phase, record.status, event.detail ?? null);
  }

  return {
    get,

    findByNumber(shopId: number, operationNumber: string): OperationRecord | undefined {
      const row = byNumber.get(operationNumber, shopId);
      return row ? fromRow(row) : undefined;
    },

    /** Inserts and logs the first event, atomically. */
    insert(input: NewOperation, event: EventInput): OperationRecord {
      return transaction(db, () => {
        const at = now();
        const values: Partial<OperationRecord> = { createdAt: at, updatedAt: at, ...input };
        const keys = KEYS.filter((k) => k !== 'localId' && values[k] !== undefined);
        // Prepared once per column set, and RETURNING saves reading the row back: a checkout
        // writes on every step, and each statement is tens of microseconds on the counter's path.
        const statement = cached(
          insertStatements,
          keys.join(','),
          () => `INSERT INTO operations (${keys.map((k) => COLUMNS[k].column).join(', ')})
            VALUES (${keys.map(() => '?').join(', ')}) RETURNING *`,
        );
        const record = fromRow(statement.get(...keys.map((k) => toSql(k, values[k])))!);
        appendEvent(record, event);
        return record;
      });
    },

    /** Applies a change and logs it, atomically. */
    update(localId: number, patch: OperationPatch, event?: EventInput): OperationRecord {
      return transaction(db, () => {
        const values: OperationPatch = { ...patch, updatedAt: now() };
        const keys = (Object.keys(values) as (keyof OperationPatch)[]).filter((k) => values[k] !== undefined);
        const statement = cached(
          patchStatements,
          keys.join(','),
          () =>
            `UPDATE operations SET ${keys.map((k) => `${COLUMNS[k].column} = ?`).join(', ')} WHERE local_id = ? RETURNING *`,
        );
        const row = statement.get(...keys.map((k) => toSql(k, values[k])), localId);
        if (!row) throw new Error(`No operation ${localId} to update.`);
        const record = fromRow(row);
        if (event) appendEvent(record, event);
        return record;
      });
    },

    events(localId: number): OperationEvent[] {
      return listEvents.all(localId) as OperationEvent[];
    },

    /**
     * Operations whose fate this terminal has not settled yet; looked at on every start. The
     * condition repeats the partial index of migration 0002 word for word, so this reads only that index.
     */
    unsettled(): OperationRecord[] {
      return db
        .prepare(
          `SELECT * FROM operations
           WHERE phase IN ('opening', 'session_open', 'creating', 'outcome_unknown')
              OR (phase = 'created' AND (status IS NULL OR status <> 'captured'))`,
        )
        .all()
        .map(fromRow);
    },

    /**
     * Newest first, keyset-paged by (createdAt, localId). Each branch is one query that a chosen
     * index answers in order, stopping after `limit` rows, and the branches are merged here. One
     * query with OR (or with a type alone) makes SQLite sort every match before it can stop, which
     * took seconds over 1,000,000 operations for a short number prefix typed into the search box.
     */
    search(filter: HistoryFilter): OperationRecord[] {
      const branches: Clause[][] = [];
      if (filter.text) {
        const [low, high] = prefixRange(filter.text);
        branches.push([['payer_id = ?', filter.text], ...terms(filter, 'by_time')]);
        if (Number((prefixProbe.get(low, high) as { n: number }).n) <= SPARSE_PREFIX) {
          // Few numbers with this prefix: read them through the number index and sort them.
          branches.push([
            ['operation_number >= ? AND operation_number < ?', low, high],
            ...terms(filter, 'none'),
          ]);
        } else {
          // Many: walk newest first through an index that carries the number, stopping at the
          // `limit`-th match; the type/status index when a status is asked for, else the time index.
          const number: Clause = ['+operation_number >= ? AND +operation_number < ?', low, high];
          for (const f of perType(filter)) branches.push([number, ...terms(f, f.status ? 'all' : 'by_time')]);
        }
      } else {
        for (const f of perType(filter)) branches.push(terms(f, 'all'));
      }
      const seen = new Set<number>();
      const rows: OperationRecord[] = [];
      for (const clauses of branches) {
        for (const row of select(clauses, filter.limit)) {
          if (!seen.has(row.localId)) {
            seen.add(row.localId);
            rows.push(row);
          }
        }
      }
      if (branches.length > 1) rows.sort(newestFirst);
      return rows.slice(0, filter.limit);
    },
  };

  function select(clauses: Clause[], limit: number): OperationRecord[] {
    const where = clauses.length ? `WHERE ${clauses.map(([c]) => c).join(' AND ')}` : '';
    const statement = cached(
      searchStatements,
      where,
      () => `SELECT * FROM operations ${where} ORDER BY created_at DESC, local_id DESC LIMIT ?`,
    );
    return statement.all(...clauses.flatMap(([, ...params]) => params), limit).map(fromRow);
  }
}

/** A WHERE term and its parameters. */
type Clause = [string, ...SQLInputValue[]];

const OPERATION_TYPES: readonly OperationTypeValue[] = ['payin', 'payout'];
/** Up to this many operations with a number prefix are fetched by that prefix and sorted (≤ ~20 ms). */
const SPARSE_PREFIX = 5_000;

function prefixRange(text: string): [string, string] {
  return [text, `${text}\u{10FFFF}`];
}

/** A status without a type is asked once per type, so even a rare status comes straight out of its index. */
function perType(filter: HistoryFilter): HistoryFilter[] {
  return filter.status && !filter.type ? OPERATION_TYPES.map((type) => ({ ...filter, type })) : [filter];
}

function newestFirst(a: OperationRecord, b: OperationRecord): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.localId - a.localId;
}

/**
 * Which filter terms SQLite may use an index for. A unary + hides a column from the planner, which
 * otherwise (having no statistics) trades a narrow index for the wide type/status one:
 * - `all`: type with status uses operations_by_type_status; a type alone is only tested while
 *   walking by time, since either type is about half of the history;
 * - `by_time`: the branch walks time (or the payer's own index), so only created_at is indexed;
 * - `none`: the branch's own term already narrows it to a few rows.
 */
function terms(filter: HistoryFilter, indexed: 'all' | 'by_time' | 'none'): Clause[] {
  const pair = indexed === 'all' && filter.type && filter.status ? '' : '+';
  const time = indexed === 'none' ? '+' : '';
  const clauses: Clause[] = [];
  if (filter.type) clauses.push([`${pair}type = ?`, filter.type]);
  if (filter.status) clauses.push([`${pair}status = ?`, filter.status]);
  if (filter.from) clauses.push([`${time}created_at >= ?`, filter.from]);
  // The page's cursor is the tighter upper bound whenever it is below `to`. As a plain range the
  // index starts at the cursor; the row value alone is only a filter (30-60 ms for deep pages).
  const { before } = filter;
  if (before && (!filter.to || before.createdAt < filter.to)) {
    clauses.push([`${time}created_at <= ?`, before.createdAt]);
  } else if (filter.to) {
    clauses.push([`${time}created_at < ?`, filter.to]);
  }
  if (before) clauses.push([`(${time}created_at, local_id) < (?, ?)`, before.createdAt, before.localId]);
  if (filter.training !== undefined) clauses.push(['training = ?', filter.training ? 1 : 0]);
  return clauses;
}

export type OperationsRepo = ReturnType<typeof createOperationsRepo>;
