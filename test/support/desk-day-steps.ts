// The Live steps of a desk day (test/support/desk-day.ts): each takes one operation, at desk A, to
// where the step says, through the desk's channels as its agent would, with the sandbox playing the
// gateway (its control routes and its fault injection); a claim brings desk B of the same branch in.
import assert from 'node:assert/strict';
import type { OperationView } from '../../common/contract.ts';
import { COMMIT_THEN_DROP } from '../../main/sandbox/server.ts';
import { METHODS, openSession, requisitesFor, SHOP } from './core.ts';
import { SUPERVISOR_PIN } from './desk.ts';
import {
  BANK_KZT_IN,
  CARD_KZT_OUT,
  changed,
  counted,
  create,
  type Day,
  FLOAT,
  type LiveDesk,
  liveDesk,
  OPERATORS,
  type Step,
  type World,
} from './desk-day.ts';
import { uploaded } from './head-office.ts';

async function closeAndReopen(desk: LiveDesk): Promise<void> {
  await desk.h.call('shift.close', { counted: await counted(desk.h) });
  const holder = desk.holder;
  await desk.h.call('shift.open', {
    operatorId: desk.operatorIds[holder]!,
    pin: OPERATORS[holder]!.pin,
    float: FLOAT,
  });
}

/** The gateway's replies for `number` rewritten until the desk has seen it final, then as they are. */
type Reply = { operation: Record<string, unknown>; parent: unknown };

/**
 * The gateway's replies rewritten, by operation number, for the rest of the day: what a gateway
 * says of an operation stays said (a close's reconciliation asks again). The sandbox's `mutate`
 * turns every reply into a 200, a 404 too, so it stands aside while a lost create is found never made.
 */
function saying(world: World, on: boolean): void {
  const sandbox = world.a.h.sandbox;
  sandbox.clearFaults();
  if (!on || world.says.size === 0) return;
  sandbox.inject(
    'getOperation',
    {
      kind: 'mutate',
      mutate: (reply) => {
        const data = (reply as { data?: Reply }).data;
        const number = data?.operation?.operationNumber;
        if (typeof number === 'string') world.says.get(number)?.(data as Reply);
        return reply;
      },
    },
    Number.POSITIVE_INFINITY,
  );
}

/** The operation captured at the gateway, which from now on says `rewrite` of it; seen at the desk. */
async function gatewaySays(world: World, view: OperationView, rewrite: (data: Reply) => void) {
  const h = world.a.h;
  world.says.set(view.operationNumber, rewrite);
  saying(world, true);
  h.sandbox.capture(SHOP, view.operationNumber);
  await h.call('history.refresh', { localId: view.localId });
  await changed(
    h,
    view.localId,
    (v) => v.status === 'captured' && (v.mismatch !== null || v.isCorrection || v.parent !== null),
  );
}

async function step(world: World, s: Step): Promise<void> {
  const { a } = world;
  const h = a.h;
  const sandbox = h.sandbox;
  const cash = (localId: number, action?: 'returned') =>
    h.call('checkout.recordCash', { localId, ...(action ? { action } : {}) });
  const reverse = (localId: number) =>
    h.call('custody.reverse', { localId, reason: 'recorded by mistake', supervisorPin: SUPERVISOR_PIN });
  switch (s.op) {
    case 'cash_payin': {
      const view = await create(h, { type: 'payin', amount: s.amount });
      await cash(view.localId);
      if (s.end === 'capture') {
        sandbox.capture(SHOP, view.operationNumber);
        await changed(h, view.localId, (v) => v.status === 'captured');
      } else if (s.end === 'cancel_return' || s.end === 'cancel_keep') {
        sandbox.setStatus(SHOP, view.operationNumber, 'cancelled');
        await changed(h, view.localId, (v) => v.cash === 'return');
        if (s.end === 'cancel_return') await cash(view.localId, 'returned');
      } else if (s.end === 'processing') {
        sandbox.setStatus(SHOP, view.operationNumber, 'processing');
        await changed(h, view.localId, (v) => v.status === 'processing');
      } else if (s.end === 'reverse') await reverse(view.localId);
      return;
    }
    case 'bank_payin': {
      const view = await create(h, { type: 'payin', methodId: BANK_KZT_IN, amount: s.amount });
      if (s.end === 'leave') return;
      const status = s.end === 'capture' ? 'captured' : 'cancelled';
      sandbox.setStatus(SHOP, view.operationNumber, status);
      await changed(h, view.localId, (v) => v.status === status);
      return;
    }
    case 'cash_payout': {
      const methodId = s.money.currency === 'KZT' ? METHODS.cashKztOut : METHODS.cashTryOut;
      const view = await create(h, { type: 'payout', methodId, amount: s.money.amount });
      if (s.end === 'uncaptured') return;
      sandbox.capture(SHOP, view.operationNumber);
      await changed(h, view.localId, (v) => v.cash === 'hand_over');
      if (s.end === 'leave') return;
      await cash(view.localId);
      if (s.end === 'reverse') await reverse(view.localId);
      if (s.end === 'hand_over_cancel') {
        // Handed over and captured, the desk has stopped asking: the agent's refresh asks again.
        sandbox.setStatus(SHOP, view.operationNumber, 'cancelled');
        await h.call('history.refresh', { localId: view.localId });
        await changed(h, view.localId, (v) => v.status === 'cancelled');
      }
      return;
    }
    case 'card_payout': {
      const view = await create(h, { type: 'payout', methodId: CARD_KZT_OUT, amount: s.amount });
      if (s.end === 'leave') return;
      sandbox.capture(SHOP, view.operationNumber);
      await changed(h, view.localId, (v) => v.status === 'captured');
      return;
    }
    case 'gateway_fault': {
      const view = await create(h, { type: s.type, amount: s.type === 'payin' ? '4000' : '3000' });
      if (s.type === 'payin') await cash(view.localId);
      await gatewaySays(world, view, (data) => {
        if (s.fault === 'mismatch') data.operation.amount = s.type === 'payin' ? '4400' : '3300';
        else data.operation.isCorrection = true;
      });
      return;
    }
    case 'lost_create': {
      const session = await openSession(h, { type: 'payin', amount: '2500' });
      if (!s.found) saying(world, false);
      sandbox.inject('createOperation', s.found ? COMMIT_THEN_DROP : { kind: 'reset' });
      const lost = await h.invoke('checkout.createOperation', {
        localId: session.localId,
        payerRequisites: requisitesFor(session),
      });
      assert.equal(!lost.ok && lost.error.kind, 'outcome_unknown', 'the create’s reply was lost');
      if (s.found) {
        await changed(h, session.localId, (v) => v.phase === 'created');
        return;
      }
      // Past the session's end (desk and gateway share the clock), the desk may conclude it never was.
      world.clock.advance(Math.max(0, Date.parse(session.session!.expiredAt) - world.clock.now() + 1_000));
      await changed(h, session.localId, (v) => v.phase === 'not_created');
      saying(world, true);
      return;
    }
    case 'drawer_handover': {
      const next = 1 - a.holder;
      await h.call('drawer.handover', {
        counted: await counted(h),
        operatorId: a.operatorIds[next]!,
        pin: OPERATORS[next]!.pin,
      });
      a.holder = next;
      return;
    }
    case 'close_shift':
      return closeAndReopen(a);
    case 'capture_after_close': {
      const view = await create(h, { type: s.type, amount: '6000' });
      if (s.type === 'payin') await cash(view.localId);
      await closeAndReopen(a);
      sandbox.capture(SHOP, view.operationNumber);
      if (s.type === 'payin') await changed(h, view.localId, (v) => v.status === 'captured');
      else {
        await changed(h, view.localId, (v) => v.cash === 'hand_over');
        await cash(view.localId);
      }
      return;
    }
    case 'branch_payout': {
      const view = await create(h, { type: 'payout', amount: '7000' });
      sandbox.capture(SHOP, view.operationNumber);
      await changed(h, view.localId, (v) => v.cash === 'hand_over');
      if (s.release === 'supervisor')
        await h.call('hq.release', { localId: view.localId, supervisorPin: SUPERVISOR_PIN });
      else await closeAndReopen(a);
      await uploaded(h);
      if (!s.claimedAtB) return;
      world.b ??= await liveDesk(world.t, world.hq, {
        terminalId: `${world.branch}B`,
        branch: world.branch,
        gateway: sandbox,
      });
      const b = world.b.h;
      const found = await b.call('lookup.byNumber', { shopId: SHOP, operationNumber: view.operationNumber });
      assert.equal(found.state, 'found');
      const atB = (found as { operation: OperationView }).operation;
      await b.call('hq.claim', { localId: atB.localId });
      await b.call('checkout.recordCash', { localId: atB.localId });
      return;
    }
  }
}

/** Runs the day's Live steps, then waits until HQ holds every entry of both desks. */
export async function runDay(world: World, day: Day): Promise<void> {
  for (const s of day.steps) await step(world, s);
  await uploaded(world.a.h);
  if (world.b) await uploaded(world.b.h);
}
