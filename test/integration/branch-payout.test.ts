// A payout handed over once, at any desk of its branch: real cores on one real sandbox
// gateway, each enrolled at a real head office on a real PostgreSQL. Desk A captures a cash payout
// and releases it (its supervisor), or lists it as open cash in its Z report; A then refuses to hand
// it over; B and C look it up at the gateway and claim it at once: exactly one hands the cash over.
// A desk that cannot reach the head office refuses in plain words.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, test } from 'node:test';
import type { OpenOperation, OperationView } from '../../common/contract.ts';
import { NOT_CONFIRMED } from '../../main/headoffice/branch-payouts.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { type Postgres, startPostgres } from '../hq/postgres.ts';
import { json, startTestHq, type TestHq } from '../hq/support.ts';
import { checkout, type Harness, SHOP, until } from '../support/core.ts';
import { OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { enrolledDesk, journal, uploaded } from '../support/head-office.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

/** Desk A's captured cash payout of KZT 7,000, not handed over. */
async function capturedPayout(a: Harness): Promise<OperationView> {
  const payout = await checkout(a, { type: 'payout', amount: '7000' });
  a.sandbox.capture(SHOP, payout.operationNumber);
  return a.waitFor('operation.changed', (v) => v.localId === payout.localId && v.cash === 'hand_over');
}

async function lookUp(h: Harness, operationNumber: string): Promise<OperationView> {
  const found = await h.call('lookup.byNumber', { shopId: SHOP, operationNumber });
  assert.equal(found.state, 'found');
  return (found as { operation: OperationView }).operation;
}

async function payoutAtHq(hq: TestHq, operationNumber: string) {
  return json<{
    operations: { operationNumber: string; handedOver: boolean; handedOverBy: string | null }[];
  }>(hq.admin.get(`/api/search?operationNumber=${encodeURIComponent(operationNumber)}`));
}

test('released by its supervisor, refused at its own desk; of two desks claiming at once exactly one hands it over', async (t) => {
  const hq = await startTestHq(t, pg);
  const a = (await enrolledDesk(t, hq, 'TA')).h;
  const b = (await enrolledDesk(t, hq, 'TB', {}, a.sandbox)).h;
  const c = (await enrolledDesk(t, hq, 'TC', {}, a.sandbox)).h;
  const payout = await capturedPayout(a);
  await uploaded(a);

  // Not released yet: HQ refuses B's claim, and B says so without handing anything over.
  assert.deepEqual(
    payout.meaning.branch,
    { release: true, claim: false, claimed: false },
    'its supervisor may release it',
  );
  const atB = await lookUp(b, payout.operationNumber);
  assert.equal(atB.cash, 'none', 'another desk’s payout: no advice before a claim');
  assert.deepEqual(
    atB.meaning.branch,
    { release: false, claim: true, claimed: false },
    'B may ask the head office',
  );
  const early = await b.invoke('hq.claim', { localId: atB.localId });
  assert.equal(early.ok, false);
  assert.match(!early.ok ? early.error.message : '', /not released.*Do not hand over cash\./s);

  // A's supervisor releases it: from now on A refuses to hand it over itself, and Home's tray,
  // pushed by A, lists it no more (the release changes no operation record, only the answer).
  const inTray = () =>
    (
      a.events.filter((e) => e.event === 'tray.changed').at(-1)?.payload as { rows: OpenOperation[] }
    )?.rows.some((o) => o.operation.localId === payout.localId);
  await until(() => inTray() === true, 'the payout in A’s tray');
  const openCashAtA = async () =>
    (await a.call('history.search', { state: 'open_cash' })).rows.some((r) => r.localId === payout.localId);
  assert.equal(await openCashAtA(), true, 'History’s open cash lists the payout before its release');
  const released = await a.call('hq.release', {
    localId: payout.localId,
    supervisorPin: SUPERVISOR_PIN,
  });
  assert.equal(released.meaning.custody.refused, 'released');
  assert.equal(released.cash, 'none');
  assert.deepEqual(released.meaning.branch, { release: false, claim: false, claimed: false });
  await until(() => inTray() === false, 'the released payout gone from A’s tray');
  assert.equal(await openCashAtA(), false, 'History’s open cash still lists the released payout');
  const self = await a.invoke('checkout.recordCash', { localId: payout.localId });
  assert.equal(self.ok, false);
  assert.match(!self.ok ? self.error.message : '', /released to the branch.*Do not hand over cash here/);
  await uploaded(a);
  assert.ok(journal(a).some((e) => e.kind === 'payout_released'));

  // B and C claim at once: one wins, the other is told another desk has it.
  const atC = await lookUp(c, payout.operationNumber);
  const [fromB, fromC] = await Promise.all([
    b.invoke('hq.claim', { localId: atB.localId }),
    c.invoke('hq.claim', { localId: atC.localId }),
  ]);
  assert.equal([fromB, fromC].filter((r) => r.ok).length, 1, JSON.stringify([fromB, fromC]).slice(0, 600));
  const [winner, winnerId, loser, loserId] = fromB.ok
    ? [b, atB.localId, c, atC.localId]
    : [c, atC.localId, b, atB.localId];
  const won = (fromB.ok ? fromB.value : (fromC as { value: OperationView }).value) as OperationView;
  assert.equal(won.cash, 'hand_over', 'the winner is told to hand the cash over');
  assert.equal(won.meaning.custody.action, 'handed_over');
  assert.deepEqual(won.meaning.branch, { release: false, claim: false, claimed: true });
  const lost = fromB.ok ? fromC : fromB;
  assert.match(!lost.ok ? lost.error.message : '', /claimed this payout first\. Do not hand over cash/);

  const handed = await winner.call('checkout.recordCash', { localId: winnerId });
  assert.equal(handed.custody?.kind, 'handed_over');
  const refused = await loser.invoke('checkout.recordCash', { localId: loserId });
  assert.equal(refused.ok, false, 'the losing desk records no cash');

  // At A it reads paid at another desk of the branch: no advice to hand it over, not in its tray.
  const atA = (await a.call('history.get', { localId: payout.localId })).operation;
  assert.deepEqual(
    [atA.cash, atA.meaning.note, atA.meaning.open, atA.meaning.alert],
    ['none', 'branch', null, false],
  );
  const trayA = (await a.call('history.open', {})).rows;
  assert.deepEqual(
    trayA.filter((o) => o.operation.localId === payout.localId),
    [],
    'A’s tray still lists the payout',
  );

  // The winner journals the claim, then the cash as usual; HQ sees it handed over by that desk.
  await uploaded(winner);
  const kinds = journal(winner).map((e) => e.kind);
  assert.ok(
    !journal(winner).some(
      (e) => e.kind === 'operation_created' && e.body.operationNumber === payout.operationNumber,
    ),
    'another desk’s operation is its own desk’s to report',
  );
  assert.ok(
    kinds.indexOf('payout_claimed') >= 0 && kinds.lastIndexOf('custody') > kinds.indexOf('payout_claimed'),
  );
  const { operations } = await payoutAtHq(hq, payout.operationNumber);
  assert.equal(operations.length, 1);
  assert.equal(operations[0]!.handedOver, true);
  assert.equal(operations[0]!.handedOverBy, fromB.ok ? 'TB' : 'TC');

  // A desk out of reach of the head office refuses in plain words.
  await loser.restart({
    before() {
      const db = new DatabaseSync(join(loser.dataDir, DATABASE_FILE));
      db.prepare(`UPDATE settings SET value = json_set(value, '$.url', ?) WHERE key = 'head_office'`).run(
        'http://127.0.0.1:9',
      );
      db.close();
    },
  });
  await loser.call('desk.unlock', { pin: OPERATOR_PIN });
  const offline = await loser.invoke('hq.claim', { localId: loserId });
  assert.equal(offline.ok, false);
  assert.equal(!offline.ok && offline.error.key, NOT_CONFIRMED.key);
  assert.equal(!offline.ok && offline.error.cash, 'hold');
});

test('listed as open cash in its Z report, the payout is released: its desk refuses it, another desk hands it over', async (t) => {
  const hq = await startTestHq(t, pg);
  const a = (await enrolledDesk(t, hq, 'TZ')).h;
  const b = (await enrolledDesk(t, hq, 'TY', {}, a.sandbox)).h;
  const payout = await capturedPayout(a);
  const z = await a.call('shift.close', { counted: [{ currency: 'KZT', total: '20000' }] });
  assert.ok(z.openCash.some((o) => o.operation.operationNumber === payout.operationNumber));
  await uploaded(a);

  // The next shift at A: the payout stays on its reports, but A hands it over no more.
  const { id } = (await a.call('operators.list', {})).operators[0]!;
  await a.call('shift.open', {
    operatorId: id,
    pin: OPERATOR_PIN,
    float: [{ currency: 'KZT', total: '20000' }],
  });
  const self = await a.invoke('checkout.recordCash', { localId: payout.localId });
  assert.equal(self.ok, false);
  assert.match(!self.ok ? self.error.message : '', /released to the branch/);

  const atB = await lookUp(b, payout.operationNumber);
  const claimed = await b.call('hq.claim', { localId: atB.localId });
  assert.equal(claimed.cash, 'hand_over');
  assert.equal(claimed.meaning.receipt.print, 'none', 'no receipt before the cash is handed over');
  const handed = await b.call('checkout.recordCash', { localId: atB.localId });
  assert.equal(handed.custody?.kind, 'handed_over');
  // Handed over here, its receipt is this desk's to print, not a lookup slip.
  assert.deepEqual(handed.meaning.receipt, { print: 'final', wording: 'cash_out' });
  const receipt = await b.call('receipts.print', { localId: atB.localId, copy: 'payer' });
  assert.equal(receipt.document, 'receipt');
  await uploaded(b);
  const { operations } = await payoutAtHq(hq, payout.operationNumber);
  assert.deepEqual([operations[0]!.handedOver, operations[0]!.handedOverBy], [true, 'TY']);
});

test('one rule for release and claim: a desk turned to training is neither offered a Live payout nor claims it', async (t) => {
  const hq = await startTestHq(t, pg);
  const a = (await enrolledDesk(t, hq, 'TR')).h;
  const b = (await enrolledDesk(t, hq, 'TQ', {}, a.sandbox)).h;
  const payout = await capturedPayout(a);
  // Listed as open cash in A's Z report: released to the branch.
  await a.call('shift.close', { counted: [{ currency: 'KZT', total: '20000' }] });
  await uploaded(a);
  const atB = await lookUp(b, payout.operationNumber);
  assert.deepEqual(atB.meaning.branch, { release: false, claim: true, claimed: false });

  // B closes its Live shift and turns to training: the answer offers no claim, and none is made.
  await b.call('shift.close', { counted: [{ currency: 'KZT', total: '20000' }] });
  await b.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
  await b.call('settings.setMode', { mode: 'training' });
  await b.call('shift.openTraining', {});
  const inTraining = (await b.call('history.get', { localId: atB.localId })).operation;
  assert.deepEqual(inTraining.meaning.branch, { release: false, claim: false, claimed: false });
  const refused = await b.invoke('hq.claim', { localId: atB.localId });
  assert.equal(refused.ok, false, 'a desk in training claimed a Live payout');
  assert.match(!refused.ok ? refused.error.message : '', /at a desk in Live/);
  const { operations } = await payoutAtHq(hq, payout.operationNumber);
  assert.deepEqual([operations[0]!.handedOver, operations[0]!.handedOverBy], [false, null]);

  // A in training too: its supervisor releases nothing either.
  await a.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
  await a.call('settings.setMode', { mode: 'training' });
  const atA = (await a.call('history.get', { localId: payout.localId })).operation;
  assert.deepEqual(atA.meaning.branch, { release: false, claim: false, claimed: false });
  // Seen in training, the Live payout released to the branch still advises no cash here.
  assert.deepEqual(
    [atA.cash, atA.meaning.note, atA.meaning.open, atA.meaning.custody],
    ['none', 'branch', null, { action: null, refused: 'released' }],
  );
  const release = await a.invoke('hq.release', { localId: payout.localId, supervisorPin: SUPERVISOR_PIN });
  assert.equal(release.ok, false);
});
