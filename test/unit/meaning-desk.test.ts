// The desk's part of the answer (main/operations/meaning.ts), case by case: which open reasons call
// the agent, a payout released to the branch or claimed from another desk, custody refused by the
// mode of the open shift, which custody a supervisor may reverse, and when a change calls the agent
// (attentionOf). Each expected value is written out from the module's rules, not computed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { OpenReason } from '../../common/contract.ts';
import { attentionOf, type DeskContext, meaningOf, moneyRecord } from '../../main/operations/meaning.ts';
import type { OperationRecord } from '../../main/store/operations.ts';

const base: OperationRecord = {
  localId: 1,
  shopId: 1001,
  operationNumber: 'T07-261125-0001',
  terminalId: 'T07',
  origin: 'counter',
  type: 'payout',
  training: false,
  methodId: 'm',
  methodName: 'Cash KZT',
  instrumentType: 'cash',
  payerId: 'P1',
  amount: '7000',
  currency: 'KZT',
  phase: 'created',
  status: 'captured',
  sessionId: null,
  sessionExpiresAt: null,
  payerRequisites: [],
  methodRequisites: [],
  gatewayId: null,
  settlementAmount: null,
  settlementCurrency: null,
  registeredAt: null,
  gatewayUpdatedAt: null,
  isCorrection: false,
  parent: null,
  payerDetails: [],
  lastErrorKind: null,
  lastErrorMessage: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
  lastCheckedAt: null,
  printCount: 0,
  gatewayUrl: null,
  mismatch: null,
  custodyKind: null,
  custodyAt: null,
  custodyTerminalId: null,
  custodyOperator: null,
  operator: 'Aigerim',
  shiftId: 1,
  custodyShiftId: null,
  returnedAt: null,
  returnedOperator: null,
  final: null,
  openReason: null,
  receiptLanguage: null,
};
const op = (change: Partial<OperationRecord>): OperationRecord => ({ ...base, ...change });

const live: DeskContext = { mode: 'live', shift: { training: false }, closing: false };
const branchDesk = (released: boolean, claimed: boolean): DeskContext => ({
  ...live,
  branch: { enrolled: () => true, released: () => released, claimed: () => claimed },
});
const lookup = { origin: 'lookup', instrumentType: 'cash', operator: null, shiftId: null } as const;

describe('which open reasons call the agent', () => {
  const cases: [string, Partial<OperationRecord>, OpenReason | null, boolean][] = [
    ['payout to hand over', {}, 'hand_over', true],
    ['payin to take', { type: 'payin', status: 'created' }, 'take_cash', false],
    [
      'payin to give back',
      { type: 'payin', status: 'cancelled', custodyKind: 'received' },
      'return_cash',
      true,
    ],
    [
      'payin received, not captured',
      { type: 'payin', status: 'created', custodyKind: 'received' },
      'cash_not_captured',
      false,
    ],
    [
      'payout handed over, cancelled',
      { status: 'cancelled', custodyKind: 'handed_over' },
      'handed_over_not_captured',
      true,
    ],
    ['mismatch', { mismatch: [{ field: 'amount', entered: '7000', gateway: '7500' }] }, 'mismatch', true],
    ['correction', { isCorrection: true }, 'correction', true],
    ['waiting', { status: 'created' }, 'waiting', false],
    ['stuck', { status: 'on_hold' }, 'stuck', false],
    ['outcome unknown', { phase: 'outcome_unknown', status: null }, 'outcome_unknown', false],
    ['final, nothing open', { custodyKind: 'handed_over' }, null, false],
  ];
  for (const [name, change, open, alert] of cases) {
    test(name, () => {
      const { meaning } = meaningOf(op(change), live);
      assert.deepEqual([meaning.open, meaning.alert], [open, alert]);
    });
  }

  test('training money seen in Live calls no one', () => {
    const { meaning } = meaningOf(op({ training: true, isCorrection: true }), live);
    assert.deepEqual([meaning.open, meaning.alert], ['correction', false]);
  });
});

describe('a payout released to the branch, or claimed from another desk', () => {
  test('only this desk’s own cash payout with no custody is read as released', () => {
    const desk = branchDesk(true, false);
    assert.equal(moneyRecord(op({}), desk).released, true);
    assert.equal(moneyRecord(op({ status: 'created' }), desk).released, true);
    assert.equal(moneyRecord(op({ ...lookup }), desk).released, false);
    assert.equal(moneyRecord(op({ type: 'payin' }), desk).released, false);
    assert.equal(moneyRecord(op({ custodyKind: 'handed_over' }), desk).released, false);
    assert.equal(moneyRecord(op({}), branchDesk(false, false)).released, false);
    assert.equal(moneyRecord(op({}), live).released, false);
  });

  test('released: the hand over is refused only once captured', () => {
    const desk = branchDesk(true, false);
    assert.deepEqual(meaningOf(op({}), desk).meaning.custody, { action: null, refused: 'released' });
    const waiting = meaningOf(op({ status: 'created' }), desk);
    assert.deepEqual([waiting.cash, waiting.meaning.custody], ['hold', { action: null, refused: null }]);
  });

  test('a claim is another desk’s payout only: this desk’s own released payout stays released', () => {
    const answer = meaningOf(op({}), branchDesk(true, true));
    assert.deepEqual(
      [answer.cash, answer.note, answer.meaning.custody],
      ['none', 'branch', { action: null, refused: 'released' }],
    );
  });

  test('a claimed payout answers by its word, final as it is', () => {
    const desk = branchDesk(false, true);
    const captured = meaningOf(op({ ...lookup }), desk);
    assert.deepEqual(
      [captured.final, captured.cash, captured.note, captured.action],
      [true, 'hand_over', null, 'handed_over'],
    );
    const created = meaningOf(op({ ...lookup, status: 'created' }), desk);
    assert.deepEqual([created.final, created.cash, created.note], [false, 'hold', 'waiting']);
    const cancelled = meaningOf(op({ ...lookup, status: 'cancelled' }), desk);
    assert.deepEqual([cancelled.final, cancelled.cash, cancelled.note], [true, 'none', 'failed']);
    const unknown = meaningOf(op({ ...lookup, status: 'on_hold' }), desk);
    assert.deepEqual([unknown.final, unknown.cash, unknown.note], [false, 'hold', 'waiting']);
  });

  test('a claimed payout handed over here prints its final receipt here; unclaimed, a slip', () => {
    const handed = op({ ...lookup, custodyKind: 'handed_over' });
    assert.equal(meaningOf(handed, branchDesk(false, true)).meaning.receipt.print, 'final');
    assert.equal(meaningOf(handed, branchDesk(false, false)).meaning.receipt.print, 'slip');
  });

  test('no claim for a payin, a payout not created, or any but cash', () => {
    const desk = branchDesk(false, true);
    const payin = meaningOf(op({ ...lookup, type: 'payin' }), desk);
    assert.deepEqual([payin.cash, payin.note], ['none', 'other_desk']);
    const unresolved = meaningOf(op({ ...lookup, phase: 'outcome_unknown', status: null }), desk);
    assert.deepEqual([unresolved.cash, unresolved.note], ['hold', 'outcome_unknown']);
    const card = meaningOf(op({ ...lookup, instrumentType: 'card' }), desk);
    assert.deepEqual([card.cash, card.note], ['none', 'other_desk']);
  });
});

describe('custody by the desk’s mode and shift', () => {
  test('a Live payout at a Live desk whose open shift is a training one is refused as another mode', () => {
    const desk: DeskContext = { mode: 'live', shift: { training: true }, closing: false };
    assert.deepEqual(meaningOf(op({}), desk).meaning.custody, { action: null, refused: 'other_mode' });
  });

  test('closing refuses it; an open shift of the mode offers it', () => {
    assert.deepEqual(meaningOf(op({}), { ...live, closing: true }).meaning.custody, {
      action: null,
      refused: 'closing',
    });
    assert.deepEqual(meaningOf(op({}), live).meaning.custody, { action: 'handed_over', refused: null });
  });
});

describe('what a supervisor may reverse', () => {
  const cases: [string, Partial<OperationRecord>, DeskContext, boolean][] = [
    ['custody recorded', { custodyKind: 'handed_over' }, live, true],
    [
      'cash given back only',
      { type: 'payin', status: 'cancelled', returnedAt: '2026-11-25T09:10:00.000Z' },
      live,
      true,
    ],
    ['nothing recorded', {}, live, false],
    [
      'another desk’s, handed over here',
      { ...lookup, custodyKind: 'handed_over' },
      branchDesk(false, true),
      false,
    ],
    ['training money seen in Live', { training: true, custodyKind: 'handed_over' }, live, false],
    [
      'training money at a training desk',
      { training: true, custodyKind: 'handed_over' },
      { mode: 'training', shift: { training: true }, closing: false },
      true,
    ],
  ];
  for (const [name, change, desk, reversible] of cases) {
    test(name, () => assert.equal(meaningOf(op(change), desk).meaning.reversible, reversible));
  }
});

describe('when a change calls the agent', () => {
  const created = op({ status: 'created' });
  test('nothing before, or another desk’s: no call', () => {
    assert.equal(attentionOf(undefined, op({}), live), null);
    assert.equal(
      attentionOf(op({ ...lookup, status: 'created' }), op({ ...lookup }), branchDesk(false, true)),
      null,
    );
  });

  test('into each reason that calls, once', () => {
    const mismatch = [{ field: 'amount' as const, entered: '7000', gateway: '7500' }];
    assert.equal(attentionOf(created, op({}), live), 'hand_over');
    assert.equal(attentionOf(op({}), op({}), live), null);
    assert.equal(attentionOf(created, op({ mismatch }), live), 'mismatch');
    assert.equal(attentionOf(created, op({ isCorrection: true }), live), 'correction');
    assert.equal(
      attentionOf(
        op({ custodyKind: 'handed_over' }),
        op({ custodyKind: 'handed_over', status: 'cancelled' }),
        live,
      ),
      'handed_over_not_captured',
    );
    const received = { type: 'payin', custodyKind: 'received' } as const;
    assert.equal(
      attentionOf(op({ ...received, status: 'created' }), op({ ...received, status: 'cancelled' }), live),
      'return_cash',
    );
  });

  test('into a reason that does not call: no call', () => {
    const payin = { type: 'payin' } as const;
    assert.equal(
      attentionOf(
        op({ ...payin, phase: 'creating', status: null }),
        op({ ...payin, status: 'created' }),
        live,
      ),
      null,
    );
  });

  test('into a failure: not created, stuck, or ended by the gateway; once', () => {
    const unknown = op({ phase: 'outcome_unknown', status: null });
    assert.equal(attentionOf(unknown, op({ phase: 'not_created', status: null }), live), 'failed');
    assert.equal(attentionOf(created, op({ status: 'on_hold' }), live), 'failed');
    assert.equal(attentionOf(created, op({ status: 'cancelled' }), live), 'failed');
    assert.equal(attentionOf(op({ status: 'cancelled' }), op({ status: 'declined' }), live), null);
    assert.equal(attentionOf(op({ status: 'on_hold' }), op({ status: 'cancelled' }), live), null);
    assert.equal(
      attentionOf(
        op({ phase: 'not_created', status: null }),
        op({ phase: 'not_created', status: null }),
        live,
      ),
      null,
    );
  });

  test('training money: called in training, never in Live', () => {
    const training: DeskContext = { mode: 'training', shift: { training: true }, closing: false };
    const before = op({ training: true, status: 'created' });
    const after = op({ training: true, status: 'cancelled' });
    assert.equal(attentionOf(before, after, training), 'failed');
    assert.equal(attentionOf(before, after, live), null);
    assert.equal(attentionOf(before, op({ training: true }), live), null);
    assert.equal(attentionOf(before, op({ training: true }), training), 'hand_over');
  });
});
