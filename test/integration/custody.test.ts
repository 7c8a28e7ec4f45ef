// Custody call by call (main/checkout/custody.ts, main/store/custody.ts), on a real store, journal
// and supervisor without a core: what is recorded, once, into which shift and by whom; each refusal
// in its own words; a reversal of the last standing record with the supervisor's approval; and the
// drawer's reading of the records, page by page.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CustodyRecord } from '../../common/contract.ts';
import { AgentError } from '../../main/app-error.ts';
import { createCustodyService } from '../../main/checkout/custody.ts';
import type { Log } from '../../main/log.ts';
import { createJournal } from '../../main/operations/operation-journal.ts';
import { createDeskContext } from '../../main/shift/meaning-context.ts';
import { standing } from '../../main/store/custody.ts';
import type { NewOperation, OperationRecord } from '../../main/store/operations.ts';
import { startStaff } from '../support/staff.ts';
import { newOperation } from '../support/store.ts';

const PIN = '482615';

async function start(t: Parameters<typeof startStaff>[0], branch?: { released: boolean }) {
  const staff = await startStaff(t);
  const { store, clock } = staff;
  const desk = createDeskContext({
    settings: staff.settings,
    shifts: store.shifts,
    ...(branch
      ? { branch: { enrolled: () => true, released: () => branch.released, claimed: () => false } }
      : {}),
  });
  const journal = createJournal({
    store,
    log: { error: () => undefined } as unknown as Log,
    desk: desk.get,
    announce: () => undefined,
    attention: () => undefined,
    clock,
  });
  const audited: { kind: string; detail: unknown; by: string | null | undefined }[] = [];
  const custody = createCustodyService({
    store,
    journal,
    settings: staff.settings,
    desk,
    supervisor: staff.supervisor,
    audit: { record: (kind, detail, by) => audited.push({ kind, detail, by }) },
    clock,
  });
  return { staff, store, clock, desk, custody, audited };
}

type Desk = Awaited<ReturnType<typeof start>>;

function operation(d: Desk, overrides: Partial<OperationRecord> = {}): OperationRecord {
  const input = { ...newOperation({ training: true, phase: 'created' }), status: 'created', ...overrides };
  return d.store.operations.insert(input as NewOperation, { kind: 'created' });
}

function openShift(d: Desk, training = true, operatorName = 'Aigerim'): number {
  return d.store.shifts.insert({
    terminalId: 'T01',
    training,
    operatorId: null,
    operatorName,
    openedAt: new Date(d.clock.now()).toISOString(),
    openingFloat: [],
  });
}

async function refusal(work: () => unknown): Promise<AgentError> {
  try {
    await work();
  } catch (error) {
    assert.ok(error instanceof AgentError, String(error));
    return error;
  }
  assert.fail('not refused');
}

/** A conflict about the operation: it names the operation, whatever the words. */
async function conflict(work: () => unknown): Promise<AgentError> {
  const error = await refusal(work);
  assert.equal(error.kind, 'conflict');
  assert.equal(typeof error.localId, 'number');
  return error;
}

const at = (d: Desk) => new Date(d.clock.now()).toISOString();

describe('recording custody', () => {
  test('cash received: one record in the open shift, by its operator, and the operation says so', async (t) => {
    const d = await start(t);
    const shiftId = openShift(d);
    const payin = operation(d);
    const view = d.custody.record(payin.localId, 'received');
    const records = d.store.custody.forOperation(payin.localId);
    assert.deepEqual(
      records.map(({ id: _id, ...r }) => r),
      [
        {
          localId: payin.localId,
          kind: 'received',
          reverses: null,
          amount: '1500.00',
          currency: 'KZT',
          direction: 1,
          shiftId,
          terminalId: 'T01',
          operator: 'Aigerim',
          at: at(d),
          reason: null,
        },
      ],
    );
    const saved = d.store.operations.get(payin.localId)!;
    assert.deepEqual(
      [
        saved.custodyKind,
        saved.custodyAt,
        saved.custodyTerminalId,
        saved.custodyOperator,
        saved.custodyShiftId,
      ],
      ['received', at(d), 'T01', 'Aigerim', shiftId],
    );
    assert.deepEqual([saved.returnedAt, saved.returnedOperator], [null, null]);
    assert.deepEqual(d.store.operations.events(payin.localId).at(-1)?.kind, 'cash_received');
    assert.equal(d.store.operations.events(payin.localId).at(-1)?.detail, '1500.00 KZT by Aigerim');
    assert.equal(view.cash, 'none');

    // A repeat gets the same answer and no second record, with or without the action.
    assert.deepEqual(d.custody.record(payin.localId, 'received'), view);
    assert.deepEqual(d.custody.record(payin.localId), view);
    assert.equal(d.store.custody.forOperation(payin.localId).length, 1);
    const other = await conflict(() => d.custody.record(payin.localId, 'returned'));
    assert.deepEqual([other.kind, other.message], ['conflict', 'No cash may move for this operation now.']);
  });

  test('the action the screen showed must still be the answer', async (t) => {
    const d = await start(t);
    openShift(d);
    const payin = operation(d);
    const changed = await refusal(() => d.custody.record(payin.localId, 'handed_over'));
    assert.deepEqual(
      [changed.kind, changed.message],
      ['conflict', 'The operation changed meanwhile: read the screen again.'],
    );
    assert.deepEqual([changed.localId, changed.cash], [payin.localId, 'accept']);
    assert.equal(d.store.custody.forOperation(payin.localId).length, 0);
    const missing = await refusal(() => d.custody.record(9999));
    assert.deepEqual([missing.kind, missing.message], ['not_found', 'No operation 9999 on this terminal.']);
  });

  test('cash given back for a payin the gateway ended, and handed over for a captured payout', async (t) => {
    const d = await start(t);
    openShift(d, true, 'Dana');
    const payin = operation(d);
    d.custody.record(payin.localId, 'received');
    d.store.operations.update(payin.localId, { status: 'cancelled' });
    d.clock.advance(1_000);
    d.custody.record(payin.localId, 'returned');
    // The receipt asked about again after the return: the same answer, no record.
    assert.equal(d.custody.record(payin.localId, 'received').localId, payin.localId);
    assert.equal(d.store.custody.forOperation(payin.localId).length, 2);
    const back = d.store.custody.forOperation(payin.localId).at(-1)!;
    assert.deepEqual([back.kind, back.direction, back.operator], ['returned', -1, 'Dana']);
    const saved = d.store.operations.get(payin.localId)!;
    assert.deepEqual(
      [saved.custodyKind, saved.returnedAt, saved.returnedOperator],
      ['received', at(d), 'Dana'],
    );
    assert.equal(d.store.operations.events(payin.localId).at(-1)?.kind, 'cash_returned');

    const payout = operation(d, { type: 'payout', status: 'captured' });
    d.custody.record(payout.localId);
    const out = d.store.custody.forOperation(payout.localId)[0]!;
    assert.deepEqual([out.kind, out.direction], ['handed_over', -1]);
    assert.equal(d.store.operations.events(payout.localId).at(-1)?.kind, 'cash_handed_over');
  });
});

describe('refusals, each in its own words', () => {
  test('no shift, the other mode, a closing shift, another desk', async (t) => {
    const d = await start(t);
    const payin = operation(d);
    const noShift = await conflict(() => d.custody.record(payin.localId));
    assert.equal(noShift.message, 'Sign in to open a shift first: cash is recorded in the open shift.');
    assert.deepEqual([noShift.kind, noShift.localId, noShift.cash], ['conflict', payin.localId, 'accept']);
    openShift(d);
    const live = operation(d, { training: false });
    assert.equal(
      (await conflict(() => d.custody.record(live.localId))).message,
      'This is a live operation: switch the desk to Live and sign in to record its cash.',
    );
    d.staff.setSettings({ mode: 'live' });
    assert.equal(
      (await conflict(() => d.custody.record(payin.localId))).message,
      'This is a training operation: no real money moves for it while the desk is in Live.',
    );
    d.staff.setSettings({ mode: 'training' });
    d.desk.setClosing(true);
    assert.equal(
      (await conflict(() => d.custody.record(payin.localId))).message,
      'The shift is closing: no cash moves in it now. Open the next shift first.',
    );
    d.desk.setClosing(false);
    const elsewhere = operation(d, { origin: 'lookup' });
    assert.equal(
      (await conflict(() => d.custody.record(elsewhere.localId))).message,
      'This operation was run at another desk; its cash is not ours to record.',
    );
  });

  test('a mismatch, a correction, a payment not in cash', async (t) => {
    const d = await start(t);
    openShift(d);
    const mismatch = operation(d, {
      mismatch: [{ field: 'amount', entered: '1500.00', gateway: '1600.00' }],
    } as Partial<OperationRecord>);
    const held = await conflict(() => d.custody.record(mismatch.localId));
    assert.deepEqual(
      [held.message, held.cash],
      ['The gateway holds other figures than those entered: a supervisor must settle it first.', 'hold'],
    );
    const correction = operation(d, { isCorrection: true });
    assert.equal(
      (await conflict(() => d.custody.record(correction.localId))).message,
      'This is a correction: it moves no cash of its own. A supervisor settles it.',
    );
    const card = operation(d, { instrumentType: 'card' });
    assert.equal(
      (await conflict(() => d.custody.record(card.localId))).message,
      'No cash moves at this desk for this payment method: it is not paid in cash.',
    );
  });

  test('a payout released to the branch is handed over elsewhere', async (t) => {
    const d = await start(t, { released: true });
    openShift(d);
    const payout = operation(d, { type: 'payout', status: 'captured' });
    const error = await conflict(() => d.custody.record(payout.localId));
    assert.match(error.message, /^This payout was released to the branch/);
  });
});

describe('reversal', () => {
  test('of the last standing record, into the open shift, the other way, approved by the supervisor', async (t) => {
    const d = await start(t);
    const first = openShift(d);
    const payin = operation(d);
    const none = await conflict(() => d.custody.reverse({ localId: payin.localId, reason: 'typo' }));
    assert.equal(none.message, 'There is no custody record of this desk to reverse.');
    d.custody.record(payin.localId, 'received');
    d.store.operations.update(payin.localId, { status: 'cancelled' });
    d.custody.record(payin.localId, 'returned');
    const [received, returned] = d.store.custody.forOperation(payin.localId) as [
      CustodyRecord,
      CustodyRecord,
    ];

    // Without a supervisor PIN (training, out of the box) the operator's own name stands.
    d.clock.advance(5_000);
    await d.custody.reverse({ localId: payin.localId, reason: 'not given back' });
    const reversal = d.store.custody.forOperation(payin.localId).at(-1)!;
    assert.deepEqual(
      { ...reversal, id: 0 },
      {
        id: 0,
        localId: payin.localId,
        kind: 'reversal',
        reverses: returned.id,
        amount: '1500.00',
        currency: 'KZT',
        direction: 1,
        shiftId: first,
        terminalId: 'T01',
        operator: 'Aigerim',
        at: at(d),
        reason: 'not given back',
      },
    );
    assert.equal(
      d.store.operations.events(payin.localId).at(-1)?.detail,
      'returned 1500.00 KZT reversed: not given back',
    );
    assert.deepEqual(d.audited.at(-1), {
      kind: 'custody_reversed',
      detail: {
        operationNumber: payin.operationNumber,
        kind: 'returned',
        amount: '1500.00',
        currency: 'KZT',
        reason: 'not given back',
      },
      by: 'Aigerim',
    });
    const saved = d.store.operations.get(payin.localId)!;
    assert.deepEqual([saved.custodyKind, saved.returnedAt, saved.returnedOperator], ['received', null, null]);

    // With a PIN, the supervisor approves; the receipt is reversed next, the cash going out.
    await d.staff.supervisor.setPin(PIN, undefined);
    const noPin = await refusal(() => d.custody.reverse({ localId: payin.localId, reason: 'x' }));
    assert.equal(noPin.kind, 'locked');
    await d.custody.reverse({ localId: payin.localId, reason: 'wrong desk', supervisorPin: PIN });
    const second = d.store.custody.forOperation(payin.localId).at(-1)!;
    assert.deepEqual([second.reverses, second.direction], [received.id, -1]);
    assert.equal(
      d.store.operations.events(payin.localId).at(-1)?.detail,
      'received 1500.00 KZT reversed with the supervisor: wrong desk',
    );
    assert.equal(d.audited.at(-1)?.by, 'supervisor');
    const cleared = d.store.operations.get(payin.localId)!;
    assert.deepEqual(
      [
        cleared.custodyKind,
        cleared.custodyAt,
        cleared.custodyTerminalId,
        cleared.custodyOperator,
        cleared.custodyShiftId,
      ],
      [null, null, null, null, null],
    );
    assert.deepEqual(standing(d.store.custody.forOperation(payin.localId)), []);
  });

  test('only into an open shift of its own mode that is not closing', async (t) => {
    const d = await start(t);
    const shiftId = openShift(d);
    const payin = operation(d);
    d.custody.record(payin.localId, 'received');
    d.desk.setClosing(true);
    assert.equal(
      (await conflict(() => d.custody.reverse({ localId: payin.localId, reason: 'x' }))).message,
      'The shift is closing: no cash moves in it now. Open the next shift first.',
    );
    d.desk.setClosing(false);
    d.store.shifts.close({ id: shiftId, terminalId: 'T01', training: true }, at(d), true, () => ({}));
    const message = 'Sign in to open a shift first: the reversal goes into the open shift.';
    assert.equal(
      (await conflict(() => d.custody.reverse({ localId: payin.localId, reason: 'x' }))).message,
      message,
    );
    openShift(d, false);
    assert.equal(
      (await conflict(() => d.custody.reverse({ localId: payin.localId, reason: 'x' }))).message,
      message,
    );
    assert.equal(d.store.custody.forOperation(payin.localId).length, 1);
  });
});

describe('the records as kept', () => {
  test('no shift and no operator read back as none', async (t) => {
    const d = await start(t);
    const payin = operation(d);
    const kept = d.store.custody.insert({
      localId: payin.localId,
      kind: 'received',
      reverses: null,
      amount: '1.00',
      currency: 'KZT',
      direction: 1,
      shiftId: null,
      terminalId: 'T01',
      operator: null,
      at: at(d),
      reason: null,
    });
    assert.deepEqual([kept.shiftId, kept.operator, kept.reverses, kept.reason], [null, null, null, null]);
  });
});

describe("the drawer's reading", () => {
  test('records of cash operations only, in the shift, page after page', async (t) => {
    const d = await start(t);
    const shiftId = openShift(d);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const payin = operation(d);
      d.custody.record(payin.localId);
      ids.push(d.store.custody.forOperation(payin.localId)[0]!.id);
    }
    // A record made for a card payment before only cash could have one moves no drawer.
    const card = operation(d);
    d.custody.record(card.localId);
    d.store.operations.update(card.localId, { instrumentType: 'card' });
    assert.deepEqual(
      d.store.custody.forShift(shiftId).map((r) => r.id),
      ids,
    );
    assert.deepEqual(
      d.store.custody.forShiftAfter(shiftId, ids[1]!, 2).map((r) => r.id),
      ids.slice(2, 4),
    );
    assert.deepEqual(d.store.custody.forShift(shiftId + 1), []);
  });
});
