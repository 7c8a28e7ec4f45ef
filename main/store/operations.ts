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
  const patchStatements = new Map<string, StatementSync>();

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
        const sql = `INSERT INTO operations (${keys.map((k) => COLUMNS[k].column).join(', ')})
        VALUES (${keys.map(() => '?').join(', ')})`;
        const result = db.prepare(sql).run(...keys.map((k) => toSql(k, values[k])));
        const record = get(Number(result.lastInsertRowid))!;
        appendEvent(record, event);
        return record;
      });
    },

    /** Applies a change and logs it, atomically. */
    update(localId: number, patch: OperationPatch, event?: EventInput): OperationRecord {
      return transaction(db, () => {
        const values: OperationPatch = { ...patch, updatedAt: now() };
        const keys = (Object.keys(values) as (keyof OperationPatch)[]).filter((k) => values[k] !== undefined);
        const shape = keys.join(',');
        let statement = patchStatements.get(shape);
        if (!statement) {
          statement = db.prepare(
            `UPDATE operations SET ${keys.map((k) => `${COLUMNS[k].column} = ?`).join(', ')} WHERE local_id = ?`,
          );
          patchStatements.set(shape, statement);
        }
        statement.run(...keys.map((k) => toSql(k, values[k])), localId);
        const record = get(localId)!;
        if (event) appendEvent(record, event);
        return record;
      });
    },

    events(localId: number): OperationEvent[] {
      return listEvents.all(localId) as OperationEvent[];
    },

    /** Operations whose fate this terminal has not settled yet; looked at on every start. */
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

    search(filter: HistoryFilter): OperationRecord[] {
      const where: string[] = [];
      const params: SQLInputValue[] = [];
      const add = (clause: string, ...values: SQLInputValue[]) => {
        where.push(clause);
        params.push(...values);
      };
      // A prefix of the operation number, or a payer ID exactly: both can use an index.
      if (filter.text) {
        add(
          '(payer_id = ? OR (operation_number >= ? AND operation_number < ?))',
          filter.text,
          filter.text,
          `${filter.text}\u{10FFFF}`,
        );
      }
      if (filter.type) add('type = ?', filter.type);
      if (filter.status) add('status = ?', filter.status);
      if (filter.from) add('created_at >= ?', filter.from);
      if (filter.to) add('created_at < ?', filter.to);
      if (filter.training !== undefined) add('training = ?', filter.training ? 1 : 0);
      if (filter.before)
        add('(created_at, local_id) < (?, ?)', filter.before.createdAt, filter.before.localId);
      const sql = `SELECT * FROM operations ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY created_at DESC, local_id DESC LIMIT ?`;
      return db
        .prepare(sql)
        .all(...params, filter.limit)
        .map(fromRow);
    },
  };
}

export type OperationsRepo = ReturnType<typeof createOperationsRepo>;
