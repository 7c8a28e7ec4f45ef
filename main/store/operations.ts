// Operation history: one row per operation number, plus its append-only event log.

import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { hasMismatch, isCorrection } from '../../common/cash-rules/operation-answer.ts';
import type { OperationEvent } from '../../common/contract.ts';
import { createHistorySearch } from './history-search.ts';
import { transaction } from './open.ts';
import {
  fromRow,
  KEYS,
  listKeeper,
  type NewOperation,
  type OperationPatch,
  type OperationRecord,
  recordColumns,
  toSql,
  writeColumn,
} from './operation-record.ts';

export type { HistoryFilter, HistoryTotals } from './history-search.ts';
export type { NewOperation, OperationPatch, OperationRecord } from './operation-record.ts';

export type EventInput = { kind: string; detail?: string | null };

/** What the cash rules read of an operation as an event leaves it, and the answer stored with it. */
export type MoneyState = {
  mismatch: boolean;
  correction: boolean;
  custody: OperationRecord['custodyKind'];
  returned: boolean;
  final: boolean;
  open: OperationRecord['openReason'];
};

function moneyState(record: OperationRecord): MoneyState {
  return {
    mismatch: hasMismatch(record),
    correction: isCorrection(record),
    custody: record.custodyKind,
    returned: record.returnedAt !== null,
    final: record.final === true,
    open: record.openReason,
  };
}

/** `linked`: the chain's, called beside each event written (main/store/chain-links.ts). */
export function createOperationsRepo(db: DatabaseSync, now: () => string, linked: () => void) {
  const RECORD = recordColumns();
  const byId = db.prepare(`SELECT ${RECORD} FROM operations WHERE local_id = ?`);
  const byNumber = db.prepare(`SELECT ${RECORD} FROM operations WHERE operation_number = ? AND shop_id = ?`);
  const keepLists = listKeeper(db);
  // What the cash rules read is kept once in money_states (migration 0019); an event keeps its id.
  const keepState = db.prepare('INSERT INTO money_states (state) VALUES (?) ON CONFLICT DO NOTHING');
  const insertEvent = db.prepare(`INSERT INTO operation_events (local_id, at, kind, phase, status, detail,
    money_state_id) VALUES (?, ?, ?, ?, ?, ?, (SELECT id FROM money_states WHERE state = ?))`);
  const listEvents = db.prepare(
    'SELECT at, kind, phase, status, detail FROM operation_events WHERE local_id = ? ORDER BY id',
  );
  // Both read the partial indexes of migration 0006, which filter on the stored answer.
  const openStatement = db.prepare(`SELECT ${RECORD} FROM operations WHERE open_reason IS NOT NULL
    ORDER BY created_at DESC, local_id DESC LIMIT ?`);
  const openForPayerStatement = db.prepare(`SELECT ${RECORD} FROM operations WHERE open_reason IS NOT NULL
    AND payer_id = ? ORDER BY created_at DESC, local_id DESC LIMIT 20`);
  // The index on (payer_id, created_at) reads only the payer's newest.
  const sinceForPayerStatement = db.prepare(`SELECT ${RECORD} FROM operations WHERE payer_id = ?
    AND created_at >= ? ORDER BY created_at DESC, local_id DESC LIMIT 20`);
  const unsettledStatement = db.prepare(`SELECT ${RECORD} FROM operations WHERE final IS NOT 1`);
  // The index's own term first, so the rows not computed yet are found through it too.
  const uncomputedStatement = db.prepare(
    `SELECT ${RECORD} FROM operations WHERE final IS NOT 1 AND final IS NULL`,
  );
  const history = createHistorySearch(db);
  const insertStatements = new Map<string, StatementSync>();
  const patchStatements = new Map<string, StatementSync>();
  const cached = (statements: Map<string, StatementSync>, key: string, sql: () => string) => {
    let statement = statements.get(key);
    if (!statement) {
      statement = db.prepare(sql());
      statements.set(key, statement);
    }
    return statement;
  };

  function get(localId: number): OperationRecord | undefined {
    const row = byId.get(localId);
    return row ? fromRow(row) : undefined;
  }

  function appendEvent(record: OperationRecord, event: EventInput) {
    const state = JSON.stringify(moneyState(record));
    keepState.run(state);
    insertEvent.run(
      record.localId,
      now(),
      event.kind,
      record.phase,
      record.status,
      event.detail ?? null,
      state,
    );
    linked();
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
          () => `INSERT INTO operations (${keys.map((k) => writeColumn(k).column).join(', ')})
            VALUES (${keys.map((k) => writeColumn(k).value).join(', ')}) RETURNING ${RECORD}`,
        );
        const sql = keys.map((k) => toSql(k, values[k]));
        keepLists(keys, sql);
        const record = fromRow(statement.get(...sql)!);
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
            `UPDATE operations SET ${keys.map((k) => `${writeColumn(k).column} = ${writeColumn(k).value}`).join(', ')} WHERE local_id = ? RETURNING ${RECORD}`,
        );
        const sql = keys.map((k) => toSql(k, values[k]));
        keepLists(keys, sql);
        const row = statement.get(...sql, localId);
        if (!row) throw new Error(`No operation ${localId} to update.`);
        const record = fromRow(row);
        if (event) appendEvent(record, event);
        return record;
      });
    },

    events(localId: number): OperationEvent[] {
      return listEvents.all(localId) as OperationEvent[];
    },

    /** Operations whose fate is not final yet (and any not computed since the upgrade); looked at on every start. */
    unsettled(): OperationRecord[] {
      return unsettledStatement.all().map(fromRow);
    },

    /** Rows written before the operation's own answer was stored (the first start after the upgrade). */
    uncomputed(): OperationRecord[] {
      return uncomputedStatement.all().map(fromRow);
    },

    /** This desk's operations that may still need the agent (Home's tray), newest first. */
    open(limit = 200): OperationRecord[] {
      return openStatement.all(limit).map(fromRow);
    },

    /** This desk's open operations for one payer, newest first. */
    openForPayer(payerId: string): OperationRecord[] {
      return openForPayerStatement.all(payerId).map(fromRow);
    },

    /** One payer's operations started since `since` (ISO), newest first. */
    forPayerSince(payerId: string, since: string): OperationRecord[] {
      return sinceForPayerStatement.all(payerId, since).map(fromRow);
    },

    search: history.search,
    page: history.page,
    totals: history.totals,
  };
}

export type OperationsRepo = ReturnType<typeof createOperationsRepo>;
