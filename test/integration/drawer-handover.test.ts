// The drawer between counts, on a real core, sandbox and SQLite file: every count at the
// close is kept and a recount after a variance over the threshold still needs the supervisor; a
// close without the note or PIN says which is missing; the drawer passes between operators inside
// the shift on the incoming operator's PIN (and the supervisor's over the threshold), its custody
// with it, and the X and Z reports show each operator's part; every cash movement prints a slip.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, type TestContext, test } from 'node:test';
import type { AppError, Result } from '../../common/contract.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { createChromiumPrinter } from '../e2e/chromium-printer.ts';
import { sharedPrintPage } from '../e2e/shared-browser.ts';
import { checkout, type Harness, type HarnessOptions, SHOP, startHarness } from '../support/core.ts';
import { OPERATOR_PIN, openTwoOperatorShift, SECOND_OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { pdfText } from '../support/pdf.ts';

function refusal(result: Result<unknown>): AppError {
  assert.equal(result.ok, false, `accepted: ${JSON.stringify(result).slice(0, 300)}`);
  return (result as { ok: false; error: AppError }).error;
}

/** Live at the sandbox with Aigerim's shift open on a KZT 20,000 float, and Dana able to take over. */
async function liveShift(t: TestContext, options: HarnessOptions = {}) {
  const h = await startHarness(t, options);
  const { settings } = await h.call('app.getState', {});
  const { mode: _mode, ...rest } = settings;
  await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
  await h.call('settings.save', {
    ...rest,
    terminalId: 'T07',
    gatewayUrl: h.sandbox.url,
    supervisorPin: SUPERVISOR_PIN,
  });
  const { aigerim, dana } = await openTwoOperatorShift(h.invoke, {
    shopId: SHOP,
    token: h.sandbox.token,
  });
  return { h, aigerim, dana };
}

/** A cash payin of `amount` KZT with its cash taken. */
async function payin(h: Harness, amount: string) {
  const op = await checkout(h, { type: 'payin', amount });
  const taken = await h.call('checkout.recordCash', { localId: op.localId });
  return { op, custody: taken.custody };
}

/** A printer of Chromium's own, whose prints are kept as PDFs to read back. */
function chromium(t: TestContext) {
  const printer = createChromiumPrinter(mkdtempSync(join(tmpdir(), 'cashdesk-drawer-')), sharedPrintPage);
  t.after(() => printer.close());
  return printer;
}

/** The Z report as printed, as one line of text. */
async function printedZ(h: Harness, printer: ReturnType<typeof chromium>, shiftId: number) {
  assert.deepEqual(await h.call('receipts.printReport', { kind: 'Z', shiftId }), { printed: true });
  return pdfText(printer.printed.at(-1)!.pdf).replace(/\s+/g, ' ');
}

function rows(h: Harness, sql: string) {
  const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE), { readOnly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

describe('the close', () => {
  test('every count is kept, and a recount after one over the threshold still needs the supervisor', async (t) => {
    const printer = chromium(t);
    const { h } = await liveShift(t, { printer });
    const short = [{ currency: 'KZT', total: '19000' }];
    const right = [{ currency: 'KZT', total: '20000' }];

    const first = await h.call('shift.previewClose', { counted: short });
    assert.equal(first.needsApproval, true);
    assert.equal(first.variance[0]!.variance, '-1000.00');
    assert.equal(first.counts.length, 1);
    // The recount balances, and is kept beside the first, which still needs the supervisor.
    const again = await h.call('shift.previewClose', { counted: right });
    assert.equal(again.variance[0]!.variance, '0.00');
    assert.equal(again.needsApproval, true, 'the first count was over the threshold');
    assert.deepEqual(
      again.counts.map((c) => [c.counted[0]!.total, c.overThreshold, c.operator]),
      [
        ['19000.00', true, 'Aigerim'],
        ['20000.00', false, 'Aigerim'],
      ],
    );

    // Closing on the recount alone: main refuses, and says which is missing.
    const noNote = refusal(await h.invoke('shift.close', { counted: right }));
    assert.deepEqual([noNote.kind, noNote.field], ['validation', 'note']);
    assert.match(noNote.message, /KZT/);
    assert.match(noNote.message, /note and the supervisor PIN/);
    const noPin = refusal(await h.invoke('shift.close', { counted: right, note: 'recounted: 20,000' }));
    assert.deepEqual([noPin.kind, noPin.field], ['locked', 'supervisorPin']);
    assert.match(noPin.message, /needs the supervisor PIN/);
    const wrongPin = refusal(
      await h.invoke('shift.close', { counted: right, note: 'recounted', supervisorPin: '51739246' }),
    );
    assert.equal(wrongPin.kind, 'pin_refused');
    assert.ok((await h.call('desk.state', {})).shift, 'every refused close leaves the shift open');
    // The refused closes counted the same drawer as the last count: no duplicate rows.
    assert.equal(rows(h, 'SELECT id FROM close_counts').length, 2);

    const z = await h.call('shift.close', {
      counted: right,
      note: 'recounted: 20,000',
      supervisorPin: SUPERVISOR_PIN,
    });
    assert.equal(z.supervisorApproved, true);
    assert.deepEqual(
      z.counts.map((c) => [c.counted[0]!.total, c.variance[0]!.variance, c.overThreshold]),
      [
        ['19000.00', '-1000.00', true],
        ['20000.00', '0.00', false],
      ],
    );
    assert.deepEqual((await h.call('shift.zReport', { shiftId: z.shift.id })).counts, z.counts);
    const text = await printedZ(h, printer, z.shift.id);
    assert.match(text, /Every count at the close/i);
    assert.match(
      text,
      /Count 1 .* counted by Aigerim Counted KZT KZT\s?19,000\.00 · Short by KZT\s?1,000\.00 \(over the allowed\)/,
    );
    assert.match(text, /Count 2 .* counted by Aigerim Counted KZT KZT\s?20,000\.00 · Balanced/);

    // Kept append-only, and in the hash chain.
    assert.equal(rows(h, "SELECT seq FROM chain_links WHERE tbl = 'close_counts'").length, 2);
    const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
    t.after(() => db.close());
    assert.throws(() => db.exec("UPDATE close_counts SET counted = '[]'"), /append-only/);
    assert.throws(() => db.exec('DELETE FROM close_counts'), /append-only/);
  });

  test('a close never checked first keeps its count too, and a count within the threshold needs no one', async (t) => {
    const { h } = await liveShift(t);
    const z = await h.call('shift.close', { counted: [{ currency: 'KZT', total: '19900' }] });
    assert.equal(z.supervisorApproved, false);
    assert.deepEqual(
      z.counts.map((c) => [c.counted[0]!.total, c.overThreshold]),
      [['19900.00', false]],
    );
  });
});

describe('the drawer between operators', () => {
  test('the incoming PIN confirms the count; custody, operations and movements are theirs from then', async (t) => {
    const printer = chromium(t);
    const { h, aigerim, dana } = await liveShift(t, { printer });
    await payin(h, '7000');
    // A payout Aigerim started, captured, its cash not handed over yet: open custody.
    const payout = await checkout(h, { type: 'payout', amount: '2000' });
    h.sandbox.capture(SHOP, payout.operationNumber);
    await h.waitFor('operation.changed', (v) => v.localId === payout.localId && v.cash === 'hand_over');
    const counted = [{ currency: 'KZT', total: '27000' }];

    const self = refusal(
      await h.invoke('drawer.handover', { counted, operatorId: aigerim.id, pin: OPERATOR_PIN }),
    );
    assert.deepEqual([self.kind, self.field], ['validation', 'operatorId']);
    const uncounted = refusal(
      await h.invoke('drawer.handover', { counted: [], operatorId: dana.id, pin: SECOND_OPERATOR_PIN }),
    );
    assert.deepEqual([uncounted.kind, uncounted.field], ['validation', 'counted']);
    const wrong = refusal(await h.invoke('drawer.handover', { counted, operatorId: dana.id, pin: '9513' }));
    assert.equal(wrong.kind, 'pin_refused');
    assert.equal((await h.call('desk.state', {})).operator?.name, 'Aigerim', 'a wrong PIN moves nothing');
    assert.equal(rows(h, 'SELECT id FROM drawer_handovers').length, 0);

    assert.equal((await h.call('drawer.previewHandover', { counted })).needsApproval, false);
    const done = await h.call('drawer.handover', { counted, operatorId: dana.id, pin: SECOND_OPERATOR_PIN });
    assert.equal(done.handover.operator, 'Aigerim');
    assert.equal(done.handover.to, 'Dana');
    assert.equal(done.handover.variance[0]!.variance, '0.00');
    assert.deepEqual(done.desk.operator, { id: dana.id, name: 'Dana' });
    assert.equal(done.desk.shift?.operator, 'Dana');
    assert.equal(done.desk.shift?.closedAt, null, 'the shift stays open');

    // From now on the drawer's acts are Dana's.
    const { op, custody } = await payin(h, '3000');
    assert.equal(op.operator, 'Dana');
    assert.equal(custody?.operator, 'Dana');
    // The open payout passed with the drawer: Dana hands its cash over, from Dana's drawer.
    const handed = await h.call('checkout.recordCash', { localId: payout.localId });
    assert.equal(handed.custody?.operator, 'Dana');
    const moved = await h.call('shift.cashMovement', {
      kind: 'removed',
      currency: 'KZT',
      amount: '10000',
      reason: 'to the safe',
      supervisorPin: SUPERVISOR_PIN,
    });
    assert.equal(moved.movement.operator, 'Dana');

    const x = await h.call('shift.report', {});
    assert.equal(x.cash[0]!.expected, '18000.00', 'one drawer: 20,000 + 7,000 + 3,000 − 2,000 − 10,000');
    assert.equal(x.handovers.length, 1);
    assert.deepEqual(
      x.parts.map((p) => [
        p.operator,
        p.operations,
        p.cash[0]?.received,
        p.cash[0]?.handedOver,
        p.cash[0]?.removed,
        !!p.handedOver,
      ]),
      [
        ['Aigerim', 2, '7000.00', '0.00', '0.00', true],
        ['Dana', 1, '3000.00', '2000.00', '10000.00', false],
      ],
    );
    assert.equal(x.parts[0]!.until, x.parts[1]!.from);
    const audit = x.audit.find((entry) => entry.kind === 'drawer_handover');
    assert.deepEqual([audit?.operator, audit?.detail.from, audit?.detail.to], ['Aigerim', 'Aigerim', 'Dana']);
    assert.ok(!JSON.stringify(x.audit).includes(SECOND_OPERATOR_PIN), 'no PIN in the trail');

    // Dana's PIN now takes the lock screen down; the close is Dana's, and the Z report keeps the parts.
    await h.call('desk.lock', {});
    await h.call('desk.unlock', { pin: SECOND_OPERATOR_PIN, as: 'operator' });
    const z = await h.call('shift.close', { counted: [{ currency: 'KZT', total: '18000' }] });
    assert.deepEqual(
      z.parts.map((p) => [p.operator, p.operations]),
      [
        ['Aigerim', 2],
        ['Dana', 1],
      ],
    );
    assert.equal(z.handovers[0]!.to, 'Dana');
    assert.equal(z.parts[1]!.until, z.shift.closedAt, 'the last holder held it until the close, not "now"');
    assert.equal(z.counts[0]!.operator, 'Dana');
    assert.equal(rows(h, "SELECT seq FROM chain_links WHERE tbl = 'drawer_handovers'").length, 1);
    const text = await printedZ(h, printer, z.shift.id);
    assert.match(text, /The drawer between operators Aigerim handed the drawer to Dana/i);
    assert.match(
      text,
      /Each operator's part Aigerim Held the drawer .* Operations started 2 Received KZT KZT\s?7,000\.00/i,
    );
    assert.match(
      text,
      /Dana Held the drawer .* Operations started 1 Received KZT KZT\s?3,000\.00 .*To the safe KZT KZT\s?10,000\.00/,
    );
    assert.match(text, /Drawer handed to the next operator/, 'the audit trail on paper');
    assert.doesNotMatch(text, /Held the drawer [^–]+ – now/, 'a closed shift is held by no one now');
  });

  test('a handover count over the threshold needs a note and the supervisor PIN', async (t) => {
    const { h, dana } = await liveShift(t);
    const short = [{ currency: 'KZT', total: '19000' }];
    const request = { counted: short, operatorId: dana.id, pin: SECOND_OPERATOR_PIN };
    const preview = await h.call('drawer.previewHandover', { counted: short });
    assert.equal(preview.needsApproval, true);
    const noNote = refusal(await h.invoke('drawer.handover', request));
    assert.deepEqual([noNote.kind, noNote.field], ['validation', 'note']);
    const noPin = refusal(await h.invoke('drawer.handover', { ...request, note: 'short 1,000' }));
    assert.deepEqual([noPin.kind, noPin.field], ['locked', 'supervisorPin']);
    assert.equal((await h.call('desk.state', {})).operator?.name, 'Aigerim');

    const done = await h.call('drawer.handover', {
      ...request,
      note: 'short 1,000',
      supervisorPin: SUPERVISOR_PIN,
    });
    assert.equal(done.handover.overThreshold, true);
    assert.equal(done.handover.supervisorApproved, true);
    assert.equal(done.handover.note, 'short 1,000');
    const x = await h.call('shift.report', {});
    assert.equal(x.parts[0]!.handedOver?.variance[0]?.variance, '-1000.00');
  });
});

describe('cash-movement slips', () => {
  test('every movement to or from the safe prints a slip with both parties, the reason and lines to sign', async (t) => {
    const printer = chromium(t);
    const { h } = await liveShift(t, { printer });
    const moved = await h.call('shift.cashMovement', {
      kind: 'removed',
      currency: 'KZT',
      amount: '15000',
      reason: 'Evening collection',
      safeHolder: 'Saule',
      supervisorPin: SUPERVISOR_PIN,
    });
    assert.deepEqual(moved.slip, { printed: true });
    const text = pdfText(printer.printed.at(-1)!.pdf).replace(/\s+/g, ' ');
    assert.match(text, /CASH SLIP — FROM THE DRAWER TO THE SAFE/);
    assert.match(text, new RegExp(`Slip No\\. ${moved.movement.id}`));
    assert.match(text, /KZT\s?15,000\.00/);
    assert.match(text, /Reason Evening collection/);
    assert.match(text, /Operator Aigerim/);
    assert.match(text, /Approved by Saule · Supervisor \(safe holder\), with their PIN/);
    assert.match(text, /Received by Saule/);
    assert.equal(rows(h, "SELECT seq FROM chain_links WHERE tbl = 'cash_movement_holders'").length, 1);
    assert.match(text, /Handed over by Aigerim/);
    assert.match(text, /Terminal T07/);
    assert.match(text, /Shift 1/);
    assert.equal(text.match(/Signature/g)?.length, 2, 'a line to sign for each');

    // Again from the day screen, in the desk's language now.
    const { settings } = await h.call('app.getState', {});
    const { mode: _mode, ...rest } = settings;
    await h.call('settings.save', { ...rest, language: 'ru' });
    assert.deepEqual(await h.call('drawer.printSlip', { movementId: moved.movement.id }), { printed: true });
    const ru = pdfText(printer.printed.at(-1)!.pdf).replace(/\s+/g, ' ');
    assert.match(ru, /ОРДЕР — ИЗ КАССЫ В СЕЙФ/);
    assert.match(ru, /Evening collection/);
    assert.match(ru, /Принял\(а\) Saule/);
    assert.equal(ru.match(/Подпись/g)?.length, 2);
    const missing = refusal(await h.invoke('drawer.printSlip', { movementId: 999 }));
    assert.deepEqual([missing.kind, missing.field], ['not_found', 'movementId']);
  });

  test('with no printer the movement is still recorded, and the slip says it did not print', async (t) => {
    const { h } = await liveShift(t);
    const moved = await h.call('shift.cashMovement', {
      kind: 'added',
      currency: 'KZT',
      amount: '5000',
      reason: 'change',
      supervisorPin: SUPERVISOR_PIN,
    });
    assert.equal(moved.slip.printed, false);
    assert.equal(
      rows(h, 'SELECT movement_id FROM cash_movement_holders').length,
      0,
      'no name given, none kept',
    );
    assert.equal(moved.cash[0]!.expected, '25000.00');
  });
});
