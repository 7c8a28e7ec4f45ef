// An operation as this terminal keeps it, and how each field maps to its SQLite column.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type {
  CustodyKind,
  Language,
  MismatchItem,
  OpenReason,
  OperationTypeValue,
  PayerDetail,
  Phase,
  Requisite,
  RequisiteDescriptor,
} from '../../common/contract.ts';

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
  payerRequisites: RequisiteDescriptor[];
  methodRequisites: Requisite[];
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
  /** The live gateway this operation was sent to; null for training (the training gateway). */
  gatewayUrl: string | null;
  /** Where the gateway holds figures other than those entered; null while they agree. */
  mismatch: MismatchItem[] | null;
  custodyKind: CustodyKind | null;
  custodyAt: string | null;
  custodyTerminalId: string | null;
  custodyOperator: string | null;
  /** The operator and the shift the operation was started in; null before shifts, or found by lookup. */
  operator: string | null;
  shiftId: number | null;
  /** The shift whose drawer the custody's cash went into or out of. */
  custodyShiftId: number | null;
  /** A payin's cash given back to the payer after the gateway ended it. */
  returnedAt: string | null;
  returnedOperator: string | null;
  /**
   * The operation's own answer (main/operations/meaning.ts ownState), written with every change for
   * the indexes; null only for a row not computed yet since the upgrade.
   */
  final: boolean | null;
  openReason: OpenReason | null;
  /** The language the payer's receipt prints in, chosen on the confirm step; null: the desk's. */
  receiptLanguage: Language | null;
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

/**
 * A change to an operation. Its phase moves only by a lifecycle event
 * (main/operations/operation-journal.ts).
 */
export type OperationPatch = Partial<
  Omit<OperationRecord, 'localId' | 'shopId' | 'operationNumber' | 'createdAt'>
>;

/** `listed`: a requisite list, kept once in requisite_lists; the row holds its id in `<column>_id`. */
type Column = { column: string; json?: boolean; bool?: boolean; listed?: boolean };
export const COLUMNS: Record<keyof OperationRecord, Column> = {
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
  payerRequisites: { column: 'payer_requisites', json: true, listed: true },
  methodRequisites: { column: 'method_requisites', json: true, listed: true },
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
  gatewayUrl: { column: 'gateway_url' },
  mismatch: { column: 'mismatch', json: true },
  custodyKind: { column: 'custody_kind' },
  custodyAt: { column: 'custody_at' },
  custodyTerminalId: { column: 'custody_terminal_id' },
  custodyOperator: { column: 'custody_operator' },
  operator: { column: 'operator' },
  shiftId: { column: 'shift_id' },
  custodyShiftId: { column: 'custody_shift_id' },
  returnedAt: { column: 'returned_at' },
  returnedOperator: { column: 'returned_operator' },
  final: { column: 'final', bool: true },
  openReason: { column: 'open_reason' },
  receiptLanguage: { column: 'receipt_language' },
};
export const KEYS = Object.keys(COLUMNS) as (keyof OperationRecord)[];
const JSON_DEFAULTS: Partial<Record<keyof OperationRecord, unknown>> = {
  payerRequisites: [],
  methodRequisites: [],
  payerDetails: [],
  parent: null,
  mismatch: null,
};

const LISTED = KEYS.map((key) => COLUMNS[key]).filter((spec) => spec.listed);

/**
 * The columns a record is read from (`table`: the operations row's name in the query, if any): the
 * row's own, and each requisite list by its id (migration 0018).
 */
export function recordColumns(table = ''): string {
  const row = table ? `${table}.` : '';
  const lists = LISTED.map(
    ({ column }) => `(SELECT list FROM requisite_lists WHERE id = ${row}${column}_id) AS ${column}`,
  );
  return [`${row}*`, ...lists].join(', ');
}

/** The column a field is written to, and the SQL its value goes in as. */
export function writeColumn(key: keyof OperationRecord): { column: string; value: string } {
  const spec = COLUMNS[key];
  return spec.listed
    ? { column: `${spec.column}_id`, value: '(SELECT id FROM requisite_lists WHERE list = ?)' }
    : { column: spec.column, value: '?' };
}

/** Keeps the requisite lists among `values` (as toSql gives them, one per key) in requisite_lists. */
export function listKeeper(db: DatabaseSync) {
  const keep = db.prepare('INSERT INTO requisite_lists (list) VALUES (?) ON CONFLICT DO NOTHING');
  return (keys: (keyof OperationRecord)[], values: SQLInputValue[]) => {
    keys.forEach((key, i) => {
      const list = values[i];
      if (COLUMNS[key].listed && list !== null && list !== undefined) keep.run(list);
    });
  };
}

export function toSql(key: keyof OperationRecord, value: unknown): SQLInputValue {
  const spec = COLUMNS[key];
  if (value === undefined || value === null) return spec.json && JSON_DEFAULTS[key] !== null ? '[]' : null;
  if (spec.json) return JSON.stringify(value);
  if (spec.bool) return value ? 1 : 0;
  return value as SQLInputValue;
}

export function fromRow(row: Record<string, SQLInputValue>): OperationRecord {
  const record: Record<string, unknown> = {};
  for (const key of KEYS) {
    const spec = COLUMNS[key];
    const raw = row[spec.column];
    if (spec.json) record[key] = raw == null ? JSON_DEFAULTS[key] : JSON.parse(String(raw));
    else if (spec.bool) record[key] = raw == null && key === 'final' ? null : raw === 1 || raw === 1n;
    else record[key] = typeof raw === 'bigint' ? Number(raw) : raw;
  }
  return record as OperationRecord;
}
