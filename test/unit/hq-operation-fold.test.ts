// HQ's fold of a desk's journal into an operation (hq/server/operation-fold.ts), entry by entry and
// with no database: what each entry kind changes on the record, the record the cash rules read, the
// answer kept on it, and a desk answer held against HQ's own. Each expected value is written out.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DeskAnswer, JournalEntry } from '../../common/journal-entry.ts';
import {
  apply,
  check,
  created,
  type HqOperation,
  isOperationEntry,
  type OperationEntry,
  recordOf,
  settle,
} from '../../hq/server/operation-fold.ts';

const NUMBER = 'T07-261125-0001';
let seq = 0;
function entry<K extends JournalEntry['kind']>(
  kind: K,
  body: Extract<JournalEntry, { kind: K }>['body'],
  at = `2026-11-25T09:${String(seq).padStart(2, '0')}:00.000Z`,
): Extract<JournalEntry, { kind: K }> {
  seq += 1;
  return {
    terminalId: 'T07',
    seq,
    at,
    prevHash: '0'.repeat(64),
    hash: '1'.repeat(64),
    kind,
    body,
  } as Extract<JournalEntry, { kind: K }>;
}

const createdEntry = (change: Partial<Extract<JournalEntry, { kind: 'operation_created' }>['body']> = {}) =>
  entry(
    'operation_created',
    {
      operationNumber: NUMBER,
      type: 'payout',
      amount: '7000.00',
      currency: 'KZT',
      instrument: 'cash',
      outcomeUnknown: false,
      ...change,
    },
    '2026-11-25T09:00:00.000Z',
  );

const status = (
  word: string,
  extra: { mismatch?: boolean; correction?: boolean; answer?: DeskAnswer } = {},
) => entry('operation_status', { operationNumber: NUMBER, status: word, ...extra });

/** The operation after `entries`, each applied at T07 and answered by the rules. */
function fold(first: ReturnType<typeof createdEntry>, ...entries: OperationEntry[]): HqOperation {
  const op = created(first, 'T07', 3);
  settle(op);
  for (const e of entries) {
    apply(op, e, 'T07');
    settle(op);
  }
  return op;
}

const answerOf = (op: HqOperation) => [op.final, op.open_reason, op.open_cash, op.outcome_unknown];

describe('which entries speak of an operation', () => {
  test('the eight operation kinds, and no other', () => {
    const kinds = [
      'operation_created',
      'operation_status',
      'operation_resolved',
      'operation_answer',
      'custody',
      'custody_reversed',
      'cash_returned',
      'payout_released',
    ];
    for (const kind of kinds) assert.equal(isOperationEntry({ kind } as JournalEntry), true, kind);
    for (const kind of [
      'shift_opened',
      'shift_closed',
      'count',
      'z_report',
      'audit',
      'payout_claimed',
      'handover',
    ])
      assert.equal(isOperationEntry({ kind } as JournalEntry), false, kind);
  });
});

describe('a new operation from its first entry', () => {
  test('every field as the entry says, and nothing decided yet', () => {
    const op = created(createdEntry(), 'T07', 3);
    assert.deepEqual(op, {
      operation_number: NUMBER,
      terminal_id: 'T07',
      branch_id: 3,
      type: 'payout',
      amount: '7000.00',
      currency: 'KZT',
      instrument: 'cash',
      status: null,
      phase: 'created',
      mismatch: false,
      correction: false,
      custody_kind: null,
      handed_over_by: null,
      returned_at: null,
      released_by: null,
      released_at: null,
      final: false,
      open_reason: null,
      open_cash: false,
      outcome_unknown: false,
      desk_final: null,
      desk_open: null,
      created_at: '2026-11-25T09:00:00.000Z',
      updated_at: '2026-11-25T09:00:00.000Z',
    });
  });

  test('a lost create starts as an unknown outcome, and the rules say so', () => {
    const op = fold(createdEntry({ outcomeUnknown: true }));
    assert.equal(op.phase, 'outcome_unknown');
    assert.deepEqual(answerOf(op), [false, 'outcome_unknown', false, true]);
  });
});

describe('what each entry changes', () => {
  test('the gateway’s word: created whatever was thought, with its mismatch and correction when carried', () => {
    const lost = createdEntry({ outcomeUnknown: true });
    const op = fold(lost, status('created'));
    assert.deepEqual([op.phase, op.status, op.mismatch, op.correction], ['created', 'created', false, false]);
    assert.deepEqual(answerOf(op), [false, 'waiting', false, false]);
    apply(op, status('captured', { mismatch: true }), 'T07');
    assert.deepEqual([op.status, op.mismatch, op.correction], ['captured', true, false]);
    apply(op, status('captured', { correction: true }), 'T07');
    assert.deepEqual([op.mismatch, op.correction], [true, true], 'a word without mismatch keeps the last');
    apply(op, status('captured', { mismatch: false, correction: false }), 'T07');
    assert.deepEqual([op.mismatch, op.correction], [false, false]);
  });

  test('a resolved lost create takes its outcome', () => {
    const op = fold(
      createdEntry({ outcomeUnknown: true }),
      entry('operation_resolved', { operationNumber: NUMBER, outcome: 'not_created' }),
    );
    assert.equal(op.phase, 'not_created');
    assert.deepEqual(answerOf(op), [true, null, false, false]);
  });

  test('custody: handed over by the desk that wrote it; a reversal clears it; a desk answer changes nothing', () => {
    const handed = entry('custody', {
      operationNumber: NUMBER,
      action: 'handed_over',
      amount: '7000.00',
      currency: 'KZT',
      operator: 'Aigerim',
    });
    const op = fold(createdEntry(), status('captured'));
    assert.deepEqual(answerOf(op), [true, 'hand_over', true, false]);
    apply(op, handed, 'T09');
    settle(op);
    assert.deepEqual([op.custody_kind, op.handed_over_by, op.updated_at], ['handed_over', 'T09', handed.at]);
    assert.deepEqual(answerOf(op), [true, null, false, false]);
    const before = { ...op };
    const answer = entry('operation_answer', {
      operationNumber: NUMBER,
      answer: { final: true, open: null },
    });
    apply(op, answer, 'T07');
    assert.deepEqual({ ...op, updated_at: before.updated_at }, before);
    apply(
      op,
      entry('custody_reversed', {
        operationNumber: NUMBER,
        action: 'handed_over',
        amount: '7000.00',
        currency: 'KZT',
        supervisor: 'Marat',
        reason: 'wrong payer',
      }),
      'T07',
    );
    assert.deepEqual([op.custody_kind, op.handed_over_by], [null, null]);
  });

  test('a payin received is not handed over by anyone', () => {
    const op = fold(
      createdEntry({ type: 'payin' }),
      entry('custody', {
        operationNumber: NUMBER,
        action: 'received',
        amount: '7000.00',
        currency: 'KZT',
        operator: 'Aigerim',
      }),
    );
    assert.deepEqual([op.custody_kind, op.handed_over_by], ['received', null]);
  });

  test('cash given back, and its reversal, which leaves the custody standing', () => {
    const received = entry('custody', {
      operationNumber: NUMBER,
      action: 'received',
      amount: '7000.00',
      currency: 'KZT',
      operator: 'Aigerim',
    });
    const returned = entry('cash_returned', {
      operationNumber: NUMBER,
      amount: '7000.00',
      currency: 'KZT',
      operator: 'Aigerim',
    });
    const op = fold(createdEntry({ type: 'payin' }), received, status('cancelled'));
    assert.deepEqual(answerOf(op), [true, 'return_cash', true, false]);
    apply(op, returned, 'T07');
    settle(op);
    assert.equal(op.returned_at, returned.at);
    assert.deepEqual(answerOf(op), [true, null, false, false]);
    apply(
      op,
      entry('custody_reversed', {
        operationNumber: NUMBER,
        action: 'returned',
        amount: '7000.00',
        currency: 'KZT',
        supervisor: 'Marat',
        reason: 'not given',
      }),
      'T07',
    );
    assert.deepEqual([op.returned_at, op.custody_kind], [null, 'received']);
  });

  test('released by its own desk’s supervisor, once; another desk’s release changes nothing', () => {
    const release = () =>
      entry('payout_released', {
        operationNumber: NUMBER,
        amount: '7000.00',
        currency: 'KZT',
        supervisor: 'Marat',
      });
    const op = fold(createdEntry(), status('captured'));
    const elsewhere = release();
    apply(op, elsewhere, 'T09');
    assert.deepEqual([op.released_by, op.released_at], [null, null]);
    const first = release();
    apply(op, first, 'T07');
    settle(op);
    assert.deepEqual([op.released_by, op.released_at], ['supervisor', first.at]);
    assert.deepEqual(answerOf(op), [true, null, false, false]);
    apply(op, release(), 'T07');
    assert.equal(op.released_at, first.at, 'the first release stands');
  });
});

describe('what the rules read, and the desk’s answer beside HQ’s', () => {
  test('the record: a counter operation with the fold’s facts', () => {
    const op = fold(
      createdEntry({ instrument: 'card' }),
      status('created', { mismatch: true, correction: true }),
    );
    op.custody_kind = 'handed_over';
    op.returned_at = '2026-11-25T10:00:00.000Z';
    op.released_by = 'z_report';
    assert.deepEqual(recordOf(op), {
      origin: 'counter',
      type: 'payout',
      phase: 'created',
      status: 'created',
      instrumentType: 'card',
      mismatch: true,
      isCorrection: true,
      custodyKind: 'handed_over',
      returnedAt: '2026-11-25T10:00:00.000Z',
      released: true,
    });
    op.released_by = null;
    assert.equal(recordOf(op).released, false);
  });

  test('the answer kept on the record, and returned', () => {
    const op = created(createdEntry({ type: 'payin' }), 'T07', 3);
    apply(op, status('captured'), 'T07');
    assert.deepEqual(settle(op), { final: true, open: 'take_cash' });
    assert.deepEqual(answerOf(op), [true, 'take_cash', false, false]);
  });

  test('a desk answer that agrees is kept; one that differs is a disagreement; none is nothing', () => {
    const op = fold(createdEntry(), status('captured'));
    const hq = settle(op);
    assert.equal(check(op, status('captured'), hq), null);
    assert.deepEqual([op.desk_final, op.desk_open], [null, null]);
    const agrees = status('captured', { answer: { final: true, open: 'hand_over' } });
    assert.equal(check(op, agrees, hq), null);
    assert.deepEqual([op.desk_final, op.desk_open], [true, 'hand_over']);
    for (const desk of [
      { final: false, open: 'hand_over' },
      { final: true, open: null },
    ] as const) {
      const differs = status('captured', { answer: desk });
      assert.deepEqual(check(op, differs, hq), { entry: differs, operationNumber: NUMBER, hq, desk });
      assert.deepEqual([op.desk_final, op.desk_open], [desk.final, desk.open]);
    }
  });
});
