// The cash rules' own answer (common/cash-rules/operation-answer.ts), pinned case by case by an
// independent list written from the rules in its header, not from its code: each row says what a
// record is and the whole answer it must get. The meaning matrix (meaning.test.ts) checks that the
// rules hold over every combination; this one says which answer each case gets, so a changed word,
// a lost finding or a flipped `final` fails here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  atGateway,
  awaitsGateway,
  completed,
  hasMismatch,
  isCorrection,
  isFinal,
  isOpenCash,
  isUnknownOutcome,
  type MoneyRecord,
  mayExistAtGateway,
  type OwnState,
  ownState,
  statusClass,
} from '../../common/cash-rules/operation-answer.ts';
import { OpenReason, Phase } from '../../common/contract.ts';

const base: MoneyRecord = {
  origin: 'counter',
  type: 'payout',
  phase: 'created',
  status: 'captured',
  instrumentType: 'cash',
  mismatch: null,
  isCorrection: false,
  custodyKind: null,
  returnedAt: null,
  released: false,
};

/** [final, cash, open, finding, stuck, note, action]: the whole answer, in a row. */
type Row = [
  OwnState['final'],
  OwnState['cash'],
  OwnState['open'],
  OwnState['finding'],
  OwnState['stuck'],
  OwnState['note'],
  OwnState['action'],
];
const row = (s: OwnState): Row => [s.final, s.cash, s.open, s.finding, s.stuck, s.note, s.action];

function expectRows(cases: [string, Partial<MoneyRecord>, Row][]) {
  for (const [name, change, expected] of cases) {
    const answer = ownState({ ...base, ...change });
    assert.deepEqual(row(answer), expected, name);
    // Nothing beside the seven parts.
    assert.deepEqual(Object.keys(answer).sort(), [
      'action',
      'cash',
      'final',
      'finding',
      'note',
      'open',
      'stuck',
    ]);
  }
}

describe('the gateway’s word', () => {
  test('no word and created are pending, captured is captured, each known end is failed, any other unknown', () => {
    assert.equal(statusClass(null), 'pending');
    assert.equal(statusClass('created'), 'pending');
    assert.equal(statusClass('captured'), 'captured');
    for (const word of ['cancelled', 'canceled', 'declined', 'rejected', 'failed'])
      assert.equal(statusClass(word), 'failed', word);
    for (const word of ['', 'refunded_partially', 'Captured', 'CREATED'])
      assert.equal(statusClass(word), 'unknown', word);
  });
});

describe('mismatch and correction', () => {
  test('a mismatch is a non-empty list or true', () => {
    assert.equal(hasMismatch({ mismatch: [{ field: 'amount' }] }), true);
    assert.equal(hasMismatch({ mismatch: [] }), false);
    assert.equal(hasMismatch({ mismatch: true }), true);
    assert.equal(hasMismatch({ mismatch: false }), false);
    assert.equal(hasMismatch({ mismatch: null }), false);
  });

  test('a correction is the flag, or any parent at all', () => {
    assert.equal(isCorrection({ isCorrection: true }), true);
    assert.equal(isCorrection({ isCorrection: true, parent: null }), true);
    assert.equal(isCorrection({ isCorrection: false }), false);
    assert.equal(isCorrection({ isCorrection: false, parent: null }), false);
    assert.equal(isCorrection({ isCorrection: false, parent: undefined }), false);
    assert.equal(isCorrection({ isCorrection: false, parent: { id: 7 } }), true);
    assert.equal(isCorrection({ isCorrection: false, parent: 0 }), true);
  });
});

describe('before the gateway holds it', () => {
  test('each phase of this desk’s own flow', () => {
    expectRows([
      [
        'opening',
        { phase: 'opening', status: null },
        [false, 'hold', null, null, false, 'not_created', null],
      ],
      [
        'session_open',
        { phase: 'session_open', status: null },
        [false, 'none', null, null, false, 'not_created', null],
      ],
      [
        'creating',
        { phase: 'creating', status: null },
        [false, 'hold', 'outcome_unknown', 'outcome_unknown', false, 'creating', null],
      ],
      [
        'outcome_unknown',
        { phase: 'outcome_unknown', status: null },
        [false, 'hold', 'outcome_unknown', 'outcome_unknown', false, 'outcome_unknown', null],
      ],
      [
        'not_created',
        { phase: 'not_created', status: null },
        [true, 'none', null, null, false, 'not_created', null],
      ],
      ['abandoned', { phase: 'abandoned', status: null }, [true, 'none', null, null, false, 'ended', null]],
      ['expired', { phase: 'expired', status: null }, [true, 'none', null, null, false, 'ended', null]],
      [
        'session_failed',
        { phase: 'session_failed', status: null },
        [true, 'none', null, null, false, 'ended', null],
      ],
    ]);
  });

  test('an unknown outcome found by lookup holds, but is not this desk’s to list', () => {
    expectRows([
      [
        'creating, lookup',
        { origin: 'lookup', phase: 'creating', status: null },
        [false, 'hold', null, null, false, 'creating', null],
      ],
      [
        'outcome_unknown, lookup',
        { origin: 'lookup', phase: 'outcome_unknown', status: null },
        [false, 'hold', null, null, false, 'outcome_unknown', null],
      ],
    ]);
  });
});

describe('another desk’s operation, found by lookup', () => {
  test('no cash here; final as its word is', () => {
    const lookup = { origin: 'lookup', instrumentType: '' } as const;
    expectRows([
      ['captured', { ...lookup, status: 'captured' }, [true, 'none', null, null, false, 'other_desk', null]],
      [
        'cancelled',
        { ...lookup, status: 'cancelled' },
        [true, 'none', null, null, false, 'other_desk', null],
      ],
      ['created', { ...lookup, status: 'created' }, [false, 'none', null, null, false, 'other_desk', null]],
      ['unknown', { ...lookup, status: 'on_hold' }, [false, 'none', null, null, false, 'other_desk', null]],
      [
        'a cash payin with custody and a mismatch',
        { ...lookup, type: 'payin', instrumentType: 'cash', custodyKind: 'received', mismatch: true },
        [true, 'none', null, null, false, 'other_desk', null],
      ],
    ]);
  });
});

describe('this desk’s operation the gateway holds', () => {
  test('a mismatch or a correction is the supervisor’s, final or not, with or without custody', () => {
    const mismatch = [{ field: 'amount' }];
    expectRows([
      ['mismatch, captured', { mismatch }, [true, 'hold', 'mismatch', 'mismatch', false, 'mismatch', null]],
      [
        'mismatch true, created',
        { mismatch: true, status: 'created' },
        [false, 'hold', 'mismatch', 'mismatch', false, 'mismatch', null],
      ],
      [
        'mismatch and correction',
        { mismatch, isCorrection: true },
        [true, 'hold', 'mismatch', 'mismatch', false, 'mismatch', null],
      ],
      [
        'mismatch, non-cash',
        { mismatch, instrumentType: 'card', custodyKind: 'handed_over' },
        [true, 'hold', 'mismatch', 'mismatch', false, 'mismatch', null],
      ],
      [
        'correction',
        { isCorrection: true },
        [true, 'hold', 'correction', 'correction', false, 'correction', null],
      ],
      [
        'a parent, unknown word',
        { parent: { id: 1 }, status: 'on_hold' },
        [false, 'hold', 'correction', 'correction', false, 'correction', null],
      ],
      [
        'empty mismatch list',
        { mismatch: [] },
        [true, 'hand_over', 'hand_over', 'captured_not_handed_over', false, null, 'handed_over'],
      ],
    ]);
  });

  test('any instrument but cash: no cash, open only while not final', () => {
    expectRows([
      [
        'card payout captured',
        { instrumentType: 'card' },
        [true, 'none', null, null, false, 'not_cash', null],
      ],
      [
        'bank transfer payin created',
        { instrumentType: 'bank_transfer', type: 'payin', status: 'created' },
        [false, 'none', 'waiting', null, false, 'not_cash', null],
      ],
      [
        'wallet payout, custody recorded before, unknown word',
        { instrumentType: 'crypto_wallet', custodyKind: 'handed_over', status: 'on_hold' },
        [false, 'none', 'waiting', null, false, 'not_cash', null],
      ],
      [
        'cash spelled otherwise',
        { instrumentType: 'CASH', status: 'cancelled' },
        [true, 'none', null, null, false, 'not_cash', null],
      ],
    ]);
  });

  test('a word the desk does not know: held, stuck, its finding by custody', () => {
    const word = { status: 'on_hold' };
    expectRows([
      [
        'payout handed over',
        { ...word, custodyKind: 'handed_over' },
        [
          false,
          'hold',
          'handed_over_not_captured',
          'handed_over_not_captured',
          true,
          'handed_over_not_captured',
          null,
        ],
      ],
      [
        'payin received',
        { ...word, type: 'payin', custodyKind: 'received' },
        [false, 'hold', 'stuck', 'received_not_captured', true, 'stuck', null],
      ],
      ['payout, none', { ...word }, [false, 'hold', 'stuck', 'stuck', true, 'stuck', null]],
      ['payin, none', { ...word, type: 'payin' }, [false, 'hold', 'stuck', 'stuck', true, 'stuck', null]],
    ]);
  });

  test('a cash payin, by its word and its custody', () => {
    const payin = { type: 'payin' } as const;
    expectRows([
      [
        'no custody, created',
        { ...payin, status: 'created' },
        [false, 'accept', 'take_cash', null, false, null, 'received'],
      ],
      [
        'no custody, no word yet',
        { ...payin, status: null },
        [false, 'accept', 'take_cash', null, false, null, 'received'],
      ],
      [
        'no custody, captured',
        { ...payin },
        [true, 'accept', 'take_cash', 'captured_not_received', false, null, 'received'],
      ],
      [
        'no custody, failed',
        { ...payin, status: 'declined' },
        [true, 'none', null, null, false, 'failed', null],
      ],
      [
        'received, captured',
        { ...payin, custodyKind: 'received' },
        [true, 'none', null, null, false, 'recorded', null],
      ],
      [
        'received, created',
        { ...payin, custodyKind: 'received', status: 'created' },
        [false, 'none', 'cash_not_captured', 'received_not_captured', false, 'recorded', null],
      ],
      [
        'received, cancelled',
        { ...payin, custodyKind: 'received', status: 'cancelled' },
        [true, 'return', 'return_cash', 'return_cash', false, null, 'returned'],
      ],
      [
        'received, cancelled, given back',
        { ...payin, custodyKind: 'received', status: 'cancelled', returnedAt: '2026-11-25T09:10:00.000Z' },
        [true, 'none', null, null, false, 'recorded', null],
      ],
    ]);
  });

  test('a cash payout, by its word, its custody and its release', () => {
    expectRows([
      [
        'captured',
        {},
        [true, 'hand_over', 'hand_over', 'captured_not_handed_over', false, null, 'handed_over'],
      ],
      ['captured, released', { released: true }, [true, 'none', null, null, false, 'branch', null]],
      ['created', { status: 'created' }, [false, 'hold', 'waiting', null, false, 'waiting', null]],
      [
        'created, released',
        { status: 'created', released: true },
        [false, 'hold', 'waiting', null, false, 'waiting', null],
      ],
      ['failed', { status: 'rejected' }, [true, 'none', null, null, false, 'failed', null]],
      [
        'handed over, captured',
        { custodyKind: 'handed_over' },
        [true, 'none', null, null, false, 'recorded', null],
      ],
      [
        'handed over, created',
        { custodyKind: 'handed_over', status: 'created' },
        [
          false,
          'hold',
          'handed_over_not_captured',
          'handed_over_not_captured',
          false,
          'handed_over_not_captured',
          null,
        ],
      ],
      [
        'handed over, cancelled',
        { custodyKind: 'handed_over', status: 'cancelled' },
        [
          true,
          'hold',
          'handed_over_not_captured',
          'handed_over_not_captured',
          false,
          'handed_over_not_captured',
          null,
        ],
      ],
    ]);
  });
});

describe('the questions asked of the answer', () => {
  test('final whatever the release: a released payout is as final as one not released', () => {
    const { released: _released, ...record } = base;
    assert.equal(isFinal(record), true);
    assert.equal(isFinal({ ...record, status: 'created' }), false);
    assert.equal(isFinal({ ...record, phase: 'abandoned', status: null }), true);
  });

  test('open cash: exactly the reasons where cash moved or must', () => {
    const open = new Set(['hand_over', 'cash_not_captured', 'return_cash', 'handed_over_not_captured']);
    for (const reason of OpenReason.options) assert.equal(isOpenCash(reason), open.has(reason), reason);
    assert.equal(isOpenCash(null), false);
  });

  test('an unknown outcome is that one reason only', () => {
    for (const reason of OpenReason.options)
      assert.equal(isUnknownOutcome(reason), reason === 'outcome_unknown', reason);
    assert.equal(isUnknownOutcome(null), false);
  });

  test('completed: held by the gateway and captured there', () => {
    assert.equal(completed({ phase: 'created', status: 'captured' }), true);
    assert.equal(completed({ phase: 'created', status: 'created' }), false);
    assert.equal(completed({ phase: 'created', status: 'cancelled' }), false);
    assert.equal(completed({ phase: 'outcome_unknown', status: 'captured' }), false);
    assert.equal(completed({ phase: 'creating', status: null }), false);
  });

  test('where the gateway stands, for every phase', () => {
    const expected: Record<Phase, [ReturnType<typeof atGateway>, boolean]> = {
      opening: ['absent', true],
      session_open: ['absent', false],
      session_failed: ['absent', false],
      creating: ['unresolved', true],
      outcome_unknown: ['unresolved', false],
      created: ['held', false],
      not_created: ['absent', false],
      abandoned: ['absent', false],
      expired: ['absent', false],
    };
    for (const phase of Phase.options) {
      const [at, awaits] = expected[phase];
      assert.equal(atGateway(phase), at, phase);
      assert.equal(mayExistAtGateway(phase), at !== 'absent', phase);
      assert.equal(awaitsGateway(phase), awaits, phase);
    }
  });
});
