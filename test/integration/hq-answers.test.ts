// The head office's figures are the desk's own (common/cash-rules): real desk cores on a real
// sandbox, enrolled at a real head office on a real PostgreSQL. What HQ's staff API says of a desk
// (expected cash, open cash with its reason, unknown outcomes) is what the desk's X report says; a
// create resolved as never made leaves the unknown outcomes; a Z report's lines add up with its
// reversals; every count of a close reaches the variances with its approval; the reconciliation's
// findings at the close are alarms; and HQ, agreeing with the desk, raises no disagreement.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Big from 'big.js';
import type { OperationView } from '../../common/contract.ts';
import { add } from '../../common/money.ts';
import { hqForFile, json, type TestHq } from '../hq/support.ts';
import { testClock } from '../support/clock.ts';
import { checkout, type Harness, openSession, requisitesFor, SHOP } from '../support/core.ts';
import { SUPERVISOR_PIN } from '../support/desk.ts';
import { enrolledDesk, uploaded } from '../support/head-office.ts';

/** Shop 1001's bank-transfer payout in GEL (docs/sandbox.md). */
const BANK_GEL_OUT = '5b1e7c1a-0a11-4c6e-9d11-000000000205';

type Answers = {
  expectedCash: { currency: string; amount: string }[];
  openCash: { operationNumber: string; reason: string }[];
  unknownOutcome: { operationNumber: string }[];
};
type Alarm = {
  terminalId: string;
  kind: string;
  operationNumber: string | null;
  detail: Record<string, unknown> | null;
};

const byNumber = (a: { operationNumber: string }, b: { operationNumber: string }) =>
  a.operationNumber < b.operationNumber ? -1 : a.operationNumber > b.operationNumber ? 1 : 0;

/** What HQ's staff API says of the desk, in one shape with the desk's own. */
async function hqAnswers(hq: TestHq, terminal: string): Promise<Answers> {
  const view = await json<Answers>(hq.admin.get(`/api/desks/${terminal}`));
  return {
    expectedCash: (view.expectedCash ?? []).map((l) => ({
      currency: l.currency,
      amount: add(l.amount, '0'),
    })),
    openCash: [...(view.openCash ?? [])].sort(byNumber),
    unknownOutcome: [...(view.unknownOutcome ?? [])].sort(byNumber),
  };
}

/** What the desk's X report says. */
async function xAnswers(h: Harness): Promise<Answers> {
  const x = await h.call('shift.report', {});
  return {
    expectedCash: x.cash.map((l) => ({ currency: l.currency, amount: add(l.expected, '0') })),
    openCash: x.openCash
      .map((o) => ({ operationNumber: o.operation.operationNumber, reason: o.reason }))
      .sort(byNumber),
    unknownOutcome: x.waiting
      .filter((o) => o.reason === 'outcome_unknown')
      .map((o) => ({ operationNumber: o.operation.operationNumber }))
      .sort(byNumber),
  };
}

async function alarmsOf(hq: TestHq, terminal: string): Promise<Alarm[]> {
  const { alarms } = await json<{ alarms: Alarm[] }>(hq.admin.get('/api/alarms'));
  return alarms.filter((a) => a.terminalId === terminal);
}

async function refreshed(h: Harness, localId: number, until: (v: OperationView) => boolean) {
  await h.call('history.refresh', { localId });
  return h.waitFor('operation.changed', (v) => v.localId === localId && until(v));
}

async function capturedPayout(h: Harness, options: { methodId?: string; amount?: string } = {}) {
  const view = await checkout(h, { type: 'payout', ...options });
  assert.ok(h.sandbox.capture(SHOP, view.operationNumber));
  return refreshed(h, view.localId, (v) => v.status === 'captured');
}

// One HQ for the file: each test enrols a terminal of its own.
const hq = hqForFile();

describe("the head office's answers are the desk's", () => {
  test('a card payout, a payout cancelled after its cash went out, a payin the desk cannot read: as the X report says', async (t) => {
    const { h } = await enrolledDesk(t, hq, 'T21');

    // A bank-transfer payout, captured: no cash at this desk.
    const bank = await capturedPayout(h, { methodId: BANK_GEL_OUT, amount: '50.00' });
    assert.equal(bank.meaning.note, 'not_cash');
    assert.equal(bank.meaning.open, null);
    // A cash payout handed over, then cancelled at the gateway: the supervisor's, and open cash.
    const payout = await capturedPayout(h, { amount: '3000' });
    await h.call('checkout.recordCash', { localId: payout.localId });
    assert.ok(h.sandbox.setStatus(SHOP, payout.operationNumber, 'cancelled'));
    await refreshed(h, payout.localId, (v) => v.meaning.open === 'handed_over_not_captured');
    // A payin's cash received, then a status the desk does not know: stuck, not open cash.
    const payin = await checkout(h, { type: 'payin', amount: '4000' });
    await h.call('checkout.recordCash', { localId: payin.localId });
    assert.ok(h.sandbox.setStatus(SHOP, payin.operationNumber, 'processing'));
    await refreshed(h, payin.localId, (v) => v.meaning.open === 'stuck');
    // And an ordinary captured payout not handed over yet: open cash at both.
    const owed = await capturedPayout(h, { amount: '1500' });
    assert.equal(owed.meaning.open, 'hand_over');

    await uploaded(h);
    const desk = await xAnswers(h);
    assert.deepEqual(
      desk.openCash,
      [
        { operationNumber: payout.operationNumber, reason: 'handed_over_not_captured' },
        { operationNumber: owed.operationNumber, reason: 'hand_over' },
      ].sort(byNumber),
    );
    assert.deepEqual(await hqAnswers(hq, 'T21'), desk);
    assert.deepEqual(
      (await alarmsOf(hq, 'T21')).filter((a) => a.kind === 'disagreement'),
      [],
      'HQ agrees with every answer the desk journalled',
    );
  });

  test('a lost create the desk resolves as never created leaves the unknown outcomes at the head office too', async (t) => {
    const clock = testClock({ flowing: true });
    const { h } = await enrolledDesk(t, hq, 'T22', {
      sandbox: { sessionTtlSeconds: 8 },
      lookups: { notFoundGraceMs: 50 },
      clock,
    });
    const session = await openSession(h, { type: 'payout', amount: '7000' });
    h.sandbox.inject('createOperation', { kind: 'reset' });
    const lost = await h.invoke('checkout.createOperation', {
      localId: session.localId,
      payerRequisites: requisitesFor(session),
    });
    assert.equal(!lost.ok && lost.error.kind, 'outcome_unknown');
    await uploaded(h);
    const unknown = await hqAnswers(hq, 'T22');
    assert.deepEqual(unknown.unknownOutcome, [{ operationNumber: session.operationNumber }]);
    assert.deepEqual(unknown, await xAnswers(h));

    clock.advance(Date.parse(session.session!.expiredAt) - clock.now() + 1_000);
    await h.waitFor(
      'operation.changed',
      (v) => v.localId === session.localId && v.phase === 'not_created',
      15_000,
    );
    await uploaded(h);
    const resolved = await hqAnswers(hq, 'T22');
    assert.deepEqual(resolved.unknownOutcome, []);
    assert.deepEqual(resolved, await xAnswers(h));
    assert.deepEqual(
      (await alarmsOf(hq, 'T22')).filter((a) => a.kind === 'disagreement'),
      [],
    );
  });

  test("the close at the head office: the Z report's reversal lines, every count with its approval, the reconciliation's findings", async (t) => {
    const { h } = await enrolledDesk(t, hq, 'T23');
    // A cash record reversed by the supervisor.
    const mistaken = await checkout(h, { type: 'payin', amount: '2000' });
    await h.call('checkout.recordCash', { localId: mistaken.localId });
    await h.call('custody.reverse', {
      localId: mistaken.localId,
      reason: 'recorded by mistake',
      supervisorPin: SUPERVISOR_PIN,
    });
    // Two payins whose figures the gateway then holds otherwise: mismatches the reconciliation names.
    const first = await checkout(h, { type: 'payin', amount: '6000' });
    const second = await checkout(h, { type: 'payin', amount: '7000' });
    const mismatched = new Set([first.operationNumber, second.operationNumber]);
    h.sandbox.inject(
      'getOperation',
      {
        kind: 'mutate',
        mutate: (reply) => {
          const operation = (reply as { data?: { operation?: Record<string, unknown> } }).data?.operation;
          if (operation && mismatched.has(String(operation.operationNumber)))
            operation.amount = `${operation.amount}1`;
          return reply;
        },
      },
      Number.POSITIVE_INFINITY,
    );

    // Count 1 is 2,500 short, over the threshold; the recount matches; the supervisor approves.
    const short = await h.call('shift.previewClose', { counted: [{ currency: 'KZT', total: '17500' }] });
    assert.equal(short.variance[0]!.variance, '-2500.00');
    assert.equal(short.needsApproval, true);
    const z = await h.call('shift.close', {
      counted: [{ currency: 'KZT', total: '20000' }],
      note: 'recounted: 20,000',
      supervisorPin: SUPERVISOR_PIN,
    });
    assert.equal(z.supervisorApproved, true);
    const found = z.reconciliations[0]!.findings;
    assert.deepEqual(
      found.map((f) => [f.kind, f.operation.operationNumber]).sort(),
      [...mismatched].map((n) => ['mismatch', n]).sort(),
    );
    await uploaded(h);

    // The Z report's lines add up to the Expected it states, the reversal included.
    const { zReports } = await json<{ zReports: { terminalId: string; body: Record<string, never> }[] }>(
      hq.admin.get('/api/z-reports'),
    );
    const body = zReports.find((r) => r.terminalId === 'T23')!.body as unknown as {
      currencies: Record<string, string>[];
      reversals: { operationNumber: string }[];
    };
    const line = body.currencies.find((l) => l.currency === 'KZT')!;
    const total = new Big(line.float ?? 0)
      .plus(line.received ?? 0)
      .minus(line.handedOver ?? 0)
      .minus(line.returned ?? 0)
      .plus(line.reversed ?? 0)
      .plus(line.movementsIn ?? 0)
      .minus(line.movementsOut ?? 0);
    assert.equal(total.cmp(new Big(line.expected!)), 0, `the lines add up: ${JSON.stringify(line)}`);
    assert.deepEqual(
      (body.reversals ?? []).map((r) => r.operationNumber),
      [mistaken.operationNumber],
    );

    // Every count reaches the variances: the first one's shortage, approved, though the recount matched.
    const { variances } = await json<{
      variances: { terminalId: string; variance: string; approved: boolean; count: number; note: string }[];
    }>(hq.admin.get('/api/variances?threshold=0'));
    assert.deepEqual(
      variances
        .filter((v) => v.terminalId === 'T23')
        .map((v) => [v.count, add(v.variance, '0'), v.approved, v.note]),
      [[1, '-2500.00', true, 'recounted: 20,000']],
    );

    // The reconciliation's findings are alarms, naming the operations; HQ and the desk agree on the rest.
    const alarms = await alarmsOf(hq, 'T23');
    assert.deepEqual(
      alarms
        .filter((a) => a.kind === 'finding')
        .map((a) => [a.operationNumber, a.detail?.finding])
        .sort(),
      [...mismatched].map((n) => [n, 'mismatch']).sort(),
    );
    assert.deepEqual(
      alarms.filter((a) => a.kind === 'disagreement'),
      [],
    );
    const { desk } = await json<{ desk: { alarms: number } }>(hq.admin.get('/api/desks/T23'));
    assert.equal(desk.alarms, 2);
  });
});
