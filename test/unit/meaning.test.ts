// The one answer (main/operations/meaning.ts), over every combination of what it depends on: the
// phase, the gateway's status (created, captured, cancelled, and a word the desk does not know), the
// mode the operation was made in and the desk's mode now, the open shift, the instrument, this desk
// or found by lookup, custody none / recorded / reversed / given back, and a mismatch. Each gives
// exactly one answer, and every answer keeps the rules of the issue; a few are spelled out in full.
// The instrument is every type a gateway may send, not only the two the sandbox serves: only
// `cash` ever gets cash advice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ownState } from '../../common/cash-rules/operation-answer.ts';
import { type CashAdvice, type OperationTypeValue, Phase } from '../../common/contract.ts';
import { type DeskContext, meaningOf } from '../../main/operations/meaning.ts';
import type { OperationRecord } from '../../main/store/operations.ts';

type CustodyCase = 'none' | 'recorded' | 'reversed' | 'returned';
/**
 * The gateway's instrument types: the two it is seen to send (shared/gateway-api.md §2.1), the
 * card and crypto-wallet payouts other gateways offer, and a word no desk has heard of (the list
 * is open: "not shown").
 */
const INSTRUMENTS = ['cash', 'bank_transfer', 'card', 'crypto_wallet', 'voucher_qr'] as const;
type Instrument = (typeof INSTRUMENTS)[number];
type Case = {
  phase: Phase;
  status: string | null;
  type: OperationTypeValue;
  training: boolean;
  instrument: Instrument;
  origin: 'counter' | 'lookup';
  custody: CustodyCase;
  mismatch: boolean;
  correction: boolean;
};

function record(c: Case): OperationRecord {
  const moved = c.custody === 'recorded' || c.custody === 'returned';
  return {
    localId: 1,
    shopId: 1001,
    operationNumber: 'T07-261125-0001',
    terminalId: 'T07',
    origin: c.origin,
    type: c.type,
    training: c.training,
    methodId: 'm',
    methodName: 'Cash KZT',
    instrumentType: c.origin === 'lookup' ? '' : c.instrument,
    payerId: 'P1',
    amount: '7000',
    currency: 'KZT',
    phase: c.phase,
    status: c.status,
    sessionId: null,
    sessionExpiresAt: null,
    payerRequisites: [],
    methodRequisites: [],
    gatewayId: null,
    settlementAmount: null,
    settlementCurrency: null,
    registeredAt: null,
    gatewayUpdatedAt: null,
    isCorrection: c.correction,
    parent: null,
    payerDetails: [],
    lastErrorKind: null,
    lastErrorMessage: null,
    createdAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-25T09:00:00.000Z',
    lastCheckedAt: null,
    printCount: 0,
    gatewayUrl: null,
    mismatch: c.mismatch ? [{ field: 'amount', entered: '7000', gateway: '7500' }] : null,
    custodyKind: moved ? (c.type === 'payin' ? 'received' : 'handed_over') : null,
    custodyAt: moved ? '2026-11-25T09:05:00.000Z' : null,
    custodyTerminalId: moved ? 'T07' : null,
    custodyOperator: moved ? 'Aigerim' : null,
    operator: 'Aigerim',
    shiftId: 1,
    custodyShiftId: moved ? 1 : null,
    returnedAt: c.custody === 'returned' ? '2026-11-25T09:10:00.000Z' : null,
    returnedOperator: c.custody === 'returned' ? 'Aigerim' : null,
    final: null,
    openReason: null,
    receiptLanguage: null,
  };
}

const STATUSES = ['created', 'captured', 'cancelled', 'refunded_partially'] as const;
const MOVES: ReadonlySet<CashAdvice> = new Set(['accept', 'hand_over', 'return']);
const DESKS: DeskContext[] = [];
for (const mode of ['training', 'live'] as const) {
  for (const shift of [null, { training: mode === 'training' }]) {
    for (const closing of [false, true]) {
      if (closing && !shift) continue;
      DESKS.push({ mode, shift, closing });
    }
  }
}

function* cases(): Generator<Case> {
  for (const phase of Phase.options) {
    for (const status of phase === 'created' ? STATUSES : [null]) {
      for (const type of ['payin', 'payout'] as const) {
        for (const training of [true, false]) {
          for (const instrument of INSTRUMENTS) {
            for (const origin of ['counter', 'lookup'] as const) {
              const custodies: CustodyCase[] =
                phase === 'created' && origin === 'counter'
                  ? ['none', 'recorded', 'reversed', ...(type === 'payin' ? (['returned'] as const) : [])]
                  : ['none'];
              for (const custody of custodies) {
                for (const mismatch of phase === 'created' ? [false, true] : [false]) {
                  for (const correction of phase === 'created' ? [false, true] : [false]) {
                    yield {
                      phase,
                      status,
                      type,
                      training,
                      instrument,
                      origin,
                      custody,
                      mismatch,
                      correction,
                    };
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

describe('every combination has one answer, and it keeps the rules', () => {
  test('the rules hold for every record at every desk', () => {
    let count = 0;
    for (const c of cases()) {
      const r = record(c);
      const own = ownState({ ...r, released: false });
      for (const desk of DESKS) {
        count += 1;
        const answer = meaningOf(r, desk);
        const where = `${JSON.stringify(c)} at ${JSON.stringify(desk)}: ${JSON.stringify(answer)}`;
        // Exactly one answer: the same inputs give the same answer every time.
        assert.deepEqual(meaningOf(r, desk), answer, where);
        const { cash, meaning } = answer;
        const trainingInLive = c.training && desk.mode === 'live';
        const moved = c.custody === 'recorded' || c.custody === 'returned';
        if (MOVES.has(cash)) {
          // Only this desk's cash instrument, created at the gateway, with its figures agreed, not
          // a correction, and never training money while the desk is in Live.
          assert.equal(c.phase, 'created', where);
          assert.equal(c.origin, 'counter', where);
          assert.equal(c.instrument, 'cash', where);
          assert.ok(!c.mismatch && !c.correction && !trainingInLive, where);
        }
        if (cash === 'hand_over') assert.ok(c.type === 'payout' && c.status === 'captured' && !moved, where);
        if (cash === 'accept')
          assert.ok(
            c.type === 'payin' && (c.status === 'created' || c.status === 'captured') && !moved,
            where,
          );
        if (cash === 'return')
          assert.ok(c.type === 'payin' && c.custody === 'recorded' && c.status === 'cancelled', where);
        // Cash that moved is never advised to move again.
        if (moved) assert.ok(cash !== 'accept' && cash !== 'hand_over', where);
        if (c.custody === 'returned') assert.notEqual(cash, 'return', where);
        // Custody is offered only into the open shift of the operation's own mode, while not closing.
        if (meaning.custody.action) {
          assert.ok(desk.shift && desk.shift.training === c.training && !desk.closing, where);
          assert.equal(desk.mode === 'training', c.training, where);
          const expected = { received: 'accept', handed_over: 'hand_over', returned: 'return' } as const;
          assert.equal(cash, expected[meaning.custody.action], where);
        } else if (MOVES.has(cash)) {
          assert.ok(meaning.custody.refused, `a move advised with no way to record it: ${where}`);
        }
        if (c.instrument !== 'cash' && c.origin === 'counter') {
          assert.ok(cash === 'none' || cash === 'hold', where);
          assert.equal(meaning.custody.action, null, where);
        }
        if (c.phase === 'created' && c.origin === 'counter' && (c.mismatch || c.correction)) {
          assert.equal(cash, 'hold', where);
        }
        if (trainingInLive) {
          assert.ok(!MOVES.has(cash) && !meaning.alert && meaning.custody.action === null, where);
        }
        assert.equal(meaning.money, c.training ? 'training' : 'live', where);
        assert.equal(meaning.otherMode, c.training !== (desk.mode === 'training'), where);
        // Started again only in the operation's own mode: a training one never becomes live money.
        assert.equal(
          meaning.startAgain,
          c.origin === 'counter' && c.phase === 'not_created' && !meaning.otherMode,
          where,
        );
        if (meaning.open !== null) assert.equal(c.origin, 'counter', where);
        if (
          c.type === 'payout' &&
          moved &&
          c.status === 'cancelled' &&
          c.instrument === 'cash' &&
          !c.mismatch &&
          !c.correction
        ) {
          assert.equal(meaning.open, 'handed_over_not_captured', where);
        }
        // What is stored for the indexes is the answer's own part, listed at every desk; training
        // money seen in Live only waits there, never listed as cash to move.
        assert.equal(meaning.open !== null, own.open !== null, where);
        if (trainingInLive && MOVES.has(own.cash)) assert.equal(meaning.open, 'waiting', where);
        else assert.equal(meaning.open, own.open, where);
        if (trainingInLive) {
          assert.ok(!['take_cash', 'hand_over', 'return_cash'].includes(meaning.open ?? ''), where);
        }
        assert.equal(meaning.finding, own.finding, where);
        assert.equal(answer.final, own.final, where);
        const final =
          ['session_failed', 'not_created', 'abandoned', 'expired'].includes(c.phase) ||
          (c.phase === 'created' && (c.status === 'captured' || c.status === 'cancelled'));
        assert.equal(answer.final, final, where);
        // The status word is final exactly when the operation is, and completed only when captured.
        assert.equal(meaning.status.final, answer.final, where);
        assert.equal(meaning.status.completed, c.status === 'captured', where);
        assert.equal(meaning.status.word === 'ended', c.status === 'cancelled', where);
        // The final receipt says the money moved: never while the cash the advice asks for is still
        // to move or is held, nor before the status is final; never another desk's, never with
        // figures disputed.
        const { print, wording } = meaning.receipt;
        if (print === 'final') {
          assert.ok(meaning.status.final && own.action === null && own.cash !== 'hold', where);
          if (c.instrument === 'cash' && c.status === 'captured') assert.ok(moved, where);
        }
        if (print === 'pending') assert.equal(meaning.status.final, false, where);
        if (c.phase !== 'created' || c.mismatch) assert.equal(print, 'none', where);
        else if (c.origin === 'lookup') assert.equal(print, 'slip', where);
        // Never a cash wording for a non-cash instrument.
        if (r.instrumentType !== 'cash') assert.equal(wording, 'no_cash', where);
        else assert.equal(wording, c.type === 'payin' ? 'cash_in' : 'cash_out', where);
      }
    }
    assert.ok(count > 4_000, `${count} combinations`);
  });
});

describe('the walkthrough’s cases, answered in full', () => {
  const base: Case = {
    phase: 'created',
    status: 'captured',
    type: 'payout',
    training: false,
    instrument: 'cash',
    origin: 'counter',
    custody: 'none',
    mismatch: false,
    correction: false,
  };
  const liveShift: DeskContext = { mode: 'live', shift: { training: false }, closing: false };
  const trainingShift: DeskContext = { mode: 'training', shift: { training: true }, closing: false };

  test('a training payout captured while the desk is in Live: no cash, marked, custody refused', () => {
    const { cash, meaning } = meaningOf(record({ ...base, training: true }), liveShift);
    assert.equal(cash, 'none');
    assert.deepEqual(
      [meaning.note, meaning.money, meaning.otherMode, meaning.custody, meaning.alert],
      ['training_in_live', 'training', true, { action: null, refused: 'other_mode' }, false],
    );
  });

  test('a live payout captured while the desk is in training keeps its advice, marked LIVE', () => {
    const { cash, meaning } = meaningOf(record(base), { mode: 'training', shift: null, closing: false });
    assert.equal(cash, 'hand_over');
    assert.deepEqual(
      [meaning.money, meaning.otherMode, meaning.custody.refused],
      ['live', true, 'other_mode'],
    );
  });

  test('a bank-transfer payout captured: no cash at this desk', () => {
    const { cash, meaning } = meaningOf(record({ ...base, instrument: 'bank_transfer' }), liveShift);
    assert.deepEqual(
      [cash, meaning.note, meaning.custody.action, meaning.open],
      ['none', 'not_cash', null, null],
    );
  });

  test('a payin received, then cancelled: give the cash back, once', () => {
    const received = { ...base, type: 'payin', status: 'cancelled', custody: 'recorded' } as const;
    const due = meaningOf(record(received), trainingShift.mode === 'live' ? trainingShift : liveShift);
    assert.deepEqual(
      [due.cash, due.meaning.open, due.meaning.finding, due.meaning.custody.action, due.meaning.alert],
      ['return', 'return_cash', 'return_cash', 'returned', true],
    );
    const done = meaningOf(record({ ...received, custody: 'returned' }), liveShift);
    assert.deepEqual([done.cash, done.meaning.open, done.meaning.finding], ['none', null, null]);
  });

  test('a payout handed over, then cancelled: the supervisor’s, never “waiting”', () => {
    const { cash, meaning } = meaningOf(
      record({ ...base, status: 'cancelled', custody: 'recorded' }),
      liveShift,
    );
    assert.deepEqual(
      [cash, meaning.open, meaning.finding, meaning.alert],
      ['hold', 'handed_over_not_captured', 'handed_over_not_captured', true],
    );
  });

  test('custody with no shift open is refused in plain words; the advice stands', () => {
    const { cash, meaning } = meaningOf(record(base), { mode: 'live', shift: null, closing: false });
    assert.deepEqual([cash, meaning.custody], ['hand_over', { action: null, refused: 'no_shift' }]);
  });

  test('not created: no money moved, start again', () => {
    const { cash, meaning } = meaningOf(record({ ...base, phase: 'not_created', status: null }), liveShift);
    assert.deepEqual(
      [cash, meaning.note, meaning.startAgain, meaning.open],
      ['none', 'not_created', true, null],
    );
  });

  test('a mismatch after custody and a correction both hold for the supervisor', () => {
    const mismatch = meaningOf(record({ ...base, custody: 'recorded', mismatch: true }), liveShift);
    assert.deepEqual([mismatch.cash, mismatch.meaning.open], ['hold', 'mismatch']);
    const correction = meaningOf(record({ ...base, correction: true }), liveShift);
    assert.deepEqual(
      [correction.cash, correction.meaning.open, correction.meaning.note],
      ['hold', 'correction', 'correction'],
    );
  });

  test('a captured payout released to the branch: at its own desk no cash and not open, as paid out elsewhere', () => {
    const own = ownState({ ...record(base), released: true });
    assert.deepEqual([own.cash, own.open, own.finding, own.action], ['none', null, null, null]);
    const branch: DeskContext = {
      ...liveShift,
      branch: { enrolled: () => true, released: () => true, claimed: () => false },
    };
    const { cash, meaning } = meaningOf(record(base), branch);
    assert.deepEqual(
      [cash, meaning.open, meaning.custody],
      ['none', null, { action: null, refused: 'released' }],
    );
  });

  test('a payout another desk made, whose claim this desk won: only a cash one is handed over here', () => {
    const branch: DeskContext = {
      ...liveShift,
      branch: { enrolled: () => true, released: () => false, claimed: () => true },
    };
    for (const instrument of INSTRUMENTS) {
      const found = { ...record({ ...base, origin: 'lookup' }), instrumentType: instrument };
      const { cash, meaning } = meaningOf(found, branch);
      if (instrument === 'cash')
        assert.deepEqual([cash, meaning.custody.action], ['hand_over', 'handed_over']);
      else assert.deepEqual([cash, meaning.custody.action], ['none', null], instrument);
    }
  });
});
