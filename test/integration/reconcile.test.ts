// Reconciliation before the Z report, against the sandbox: each way the gateway can disagree with
// the custody records is listed; every operation the gateway may hold is read once more at its own
// gateway; offline the Z report is still produced, "not reconciled", and the reconciliation that
// completes later is appended to it without changing it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import type { OperationView } from '../../common/contract.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { checkout, type Harness, SHOP, startHarness } from '../support/core.ts';

async function capturedAndSeen(h: Harness, view: OperationView, cash: 'accept' | 'hand_over') {
  h.sandbox.capture(SHOP, view.operationNumber);
  await h.waitFor(
    'operation.changed',
    (v) => v.localId === view.localId && v.status === 'captured' && v.cash === cash,
  );
}

test('the Z report lists every way the gateway disagrees with the custody records', async (t) => {
  const h = await startHarness(t);
  // A: a payout captured whose cash was never handed over (the payer may still be owed).
  const a = await checkout(h, { type: 'payout', amount: '5000' });
  await capturedAndSeen(h, a, 'hand_over');
  // B: cash received for a payin the gateway never captures.
  const b = await checkout(h, { type: 'payin', amount: '2500' });
  await h.call('checkout.recordCash', { localId: b.localId });
  // C: a payin the gateway captured whose cash was never recorded as received.
  const c = await checkout(h, { type: 'payin', amount: '3000' });
  await capturedAndSeen(h, c, 'accept');
  // D: a payout handed over that the gateway no longer reads as captured.
  const d = await checkout(h, { type: 'payout', amount: '4000' });
  await capturedAndSeen(h, d, 'hand_over');
  await h.call('checkout.recordCash', { localId: d.localId });
  // E: a payin whose amount the gateway holds differently.
  const e = await checkout(h, { type: 'payin', amount: '6000' });
  // F: a payout captured and handed over: in agreement.
  const f = await checkout(h, { type: 'payout', amount: '7000' });
  await capturedAndSeen(h, f, 'hand_over');
  await h.call('checkout.recordCash', { localId: f.localId });

  h.sandbox.setStatus(SHOP, d.operationNumber, 'reversed');
  h.sandbox.inject(
    'getOperation',
    {
      kind: 'mutate',
      mutate: (json) => {
        const { operation } = (json as { data: { operation: { operationNumber: string; amount: string } } })
          .data;
        if (operation.operationNumber === e.operationNumber) operation.amount = '6500';
        return json;
      },
    },
    Number.POSITIVE_INFINITY,
  );
  h.sandbox.resetRequests();
  const counted = [{ currency: 'KZT', total: '0' }];
  const z = await h.call('shift.close', { counted, note: 'drill' });
  const [reconciliation] = z.reconciliations;
  assert.equal(reconciliation?.complete, true);
  assert.equal(reconciliation?.checked, 6);
  assert.equal(reconciliation?.unanswered, 0);
  const found = Object.fromEntries(reconciliation!.findings.map((x) => [x.operation.localId, x.kind]));
  assert.deepEqual(found, {
    [a.localId]: 'captured_not_handed_over',
    [b.localId]: 'received_not_captured',
    [c.localId]: 'captured_not_received',
    [d.localId]: 'handed_over_not_captured',
    [e.localId]: 'mismatch',
  });
  // Every one the gateway holds was read once more, captured or not.
  const read = new Set(
    h.sandbox.requests('getOperation').map((r) => decodeURIComponent(r.path.split('/').at(-1)!)),
  );
  for (const view of [a, b, c, d, e, f]) assert.ok(read.has(view.operationNumber), view.operationNumber);
  assert.equal(z.shift.reconciled, true);
});

test('offline, the Z report is produced "not reconciled", and the later reconciliation is appended', async (t) => {
  const h = await startHarness(t, { day: { reconcileRetryMs: 100 } });
  const payout = await checkout(h, { type: 'payout', amount: '5000' });
  const payin = await checkout(h, { type: 'payin', amount: '2500' });
  await h.call('checkout.recordCash', { localId: payin.localId });
  await h.sandbox.goOffline();
  // The gateway captured the payout meanwhile; this desk cannot know yet.
  h.sandbox.capture(SHOP, payout.operationNumber);

  const z = await h.call('shift.close', { counted: [{ currency: 'KZT', total: '2500' }] });
  const [first] = z.reconciliations;
  assert.equal(first?.complete, false);
  assert.equal(first?.unanswered, 2);
  assert.equal(z.shift.reconciled, false);
  // As far as the desk knows: cash received for a payin not yet captured.
  assert.deepEqual(
    first?.findings.map((x) => [x.kind, x.operation.localId]),
    [['received_not_captured', payin.localId]],
  );
  const again = await h.invoke('shift.reconcile', { shiftId: z.shift.id });
  assert.equal(!again.ok && again.error.kind, 'unreachable');
  const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE), { readOnly: true });
  t.after(() => db.close());
  const stored = () => db.prepare('SELECT report FROM z_reports').get()?.report;
  const before = stored();

  h.sandbox.capture(SHOP, payin.operationNumber);
  await h.sandbox.goOnline();
  const reconciled = await h.waitFor('shift.reconciled', (s) => s.id === z.shift.id, 10_000);
  assert.equal(reconciled.reconciled, true);
  const later = await h.call('shift.zReport', { shiftId: z.shift.id });
  assert.equal(later.reconciliations.length, 2);
  assert.deepEqual(later.reconciliations[0], first, 'the report as produced is unchanged');
  assert.equal(later.reconciliations[1]?.complete, true);
  assert.deepEqual(
    later.reconciliations[1]?.findings.map((x) => [x.kind, x.operation.localId]),
    [['captured_not_handed_over', payout.localId]],
  );
  assert.equal(stored(), before);
  assert.deepEqual(
    (await h.call('shift.list', { limit: 5 })).shifts.map((s) => s.reconciled),
    [true],
  );
});
