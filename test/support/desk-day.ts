// Random desk days on real desk cores enrolled at a real head office, for the property that the desk
// and the head office agree on cash (test/hq/agreement.test.ts, bench/agreement.ts). A day is a
// little training, then Live steps at desk A of its own branch, each one operation taken to where
// the step says (the sandbox's control routes and fault injection play the gateway's part); desk B
// of the same branch starts only when a step claims one of A's payouts there.
import type { TestContext } from 'node:test';
import fc from 'fast-check';
import type { OperationView } from '../../common/contract.ts';
import type { Sandbox } from '../../main/sandbox/server.ts';
import { enrolmentCodeFor, type TestHq } from '../hq/support.ts';
import { type TestClock, testClock } from './clock.ts';
import { type Harness, openSession, requisitesFor, SHOP, startHarness } from './core.ts';
import { OPERATOR_PIN, SECOND_OPERATOR_PIN, SUPERVISOR_PIN } from './desk.ts';

export const CARD_KZT_OUT = '5b1e7c1a-0a11-4c6e-9d11-000000000202';
export const BANK_KZT_IN = '5b1e7c1a-0a11-4c6e-9d11-000000000102';

export type Step =
  | {
      op: 'cash_payin';
      amount: string;
      end: 'capture' | 'leave' | 'cancel_return' | 'cancel_keep' | 'processing' | 'reverse';
    }
  | { op: 'bank_payin'; amount: string; end: 'capture' | 'leave' | 'cancel' }
  | {
      op: 'cash_payout';
      money: { currency: 'KZT' | 'TRY'; amount: string };
      end: 'hand_over' | 'leave' | 'hand_over_cancel' | 'uncaptured' | 'reverse';
    }
  | { op: 'card_payout'; amount: string; end: 'capture' | 'leave' }
  | { op: 'gateway_fault'; fault: 'mismatch' | 'correction'; type: 'payin' | 'payout' }
  | { op: 'lost_create'; found: boolean }
  | { op: 'drawer_handover' }
  | { op: 'close_shift' }
  | { op: 'capture_after_close'; type: 'payin' | 'payout' }
  | { op: 'branch_payout'; release: 'supervisor' | 'z_report'; claimedAtB: boolean };

export type TrainingStep = { type: 'payin' | 'payout'; settled: boolean };
export type Day = { training: TrainingStep[]; steps: Step[] };

const kzt = (min: number, max: number) => fc.integer({ min, max }).map((n) => String(n * 500));
// Each choice's first value is its plainest: fast-check shrinks toward it, so a shrunk day keeps the
// step that disagrees instead of turning an agreeing one into another that does.
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('cash_payin' as const),
    amount: kzt(1, 40),
    end: fc.constantFrom('capture', 'leave', 'cancel_return', 'cancel_keep', 'processing', 'reverse'),
  }),
  fc.record({
    op: fc.constant('bank_payin' as const),
    amount: kzt(2, 40),
    end: fc.constantFrom('capture', 'leave', 'cancel'),
  }),
  fc.record({
    op: fc.constant('cash_payout' as const),
    // TRY in kuruş, to carry decimals through both sides.
    money: fc.oneof(
      kzt(2, 60).map((amount) => ({ currency: 'KZT' as const, amount })),
      fc.integer({ min: 10_000, max: 150_050 }).map((n) => ({
        currency: 'TRY' as const,
        amount: `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`,
      })),
    ),
    end: fc.constantFrom('hand_over', 'leave', 'hand_over_cancel', 'uncaptured', 'reverse'),
  }),
  fc.record({
    op: fc.constant('card_payout' as const),
    amount: kzt(2, 40),
    end: fc.constantFrom('leave', 'capture'),
  }),
  fc.record({
    op: fc.constant('gateway_fault' as const),
    fault: fc.constantFrom('mismatch', 'correction'),
    type: fc.constantFrom('payin', 'payout'),
  }),
  fc.record({ op: fc.constant('lost_create' as const), found: fc.constantFrom(true, false) }),
  fc.constant({ op: 'drawer_handover' as const }),
  fc.constant({ op: 'close_shift' as const }),
  fc.record({ op: fc.constant('capture_after_close' as const), type: fc.constantFrom('payin', 'payout') }),
  fc.record({
    op: fc.constant('branch_payout' as const),
    release: fc.constantFrom('supervisor', 'z_report'),
    claimedAtB: fc.boolean(),
  }),
);

/** A small day: a few training operations, then up to `maxSteps` Live steps. */
export const dayArb = (maxSteps = 5): fc.Arbitrary<Day> =>
  fc.record({
    training: fc.array(fc.record({ type: fc.constantFrom('payin', 'payout'), settled: fc.boolean() }), {
      maxLength: 2,
    }),
    steps: fc.array(stepArb, { minLength: 1, maxLength: maxSteps }),
  });

/** Each day's operators (both on every desk) and the float each Live shift opens on. */
export const OPERATORS = [
  { name: 'Aigerim', pin: OPERATOR_PIN },
  { name: 'Dana', pin: SECOND_OPERATOR_PIN },
];
export const FLOAT = [
  { currency: 'KZT', total: '200000' },
  { currency: 'TRY', total: '5000' },
];

export type LiveDesk = {
  h: Harness;
  terminalId: string;
  operatorIds: number[];
  /** Who holds the drawer now: an index into OPERATORS. */
  holder: number;
  /** Training operations: the head office must never hear of them. */
  training: string[];
};

/** A test's context, or a bench's stand-in: what to undo at the end. */
export type Cleanup = Pick<TestContext, 'after'>;

export const changed = (h: Harness, localId: number, until: (v: OperationView) => boolean) =>
  h.waitFor('operation.changed', (v) => v.localId === localId && until(v));
export const counted = async (h: Harness) =>
  (await h.call('shift.current', {})).cash.map((c) => ({ currency: c.currency, total: c.expected }));

export async function create(h: Harness, options: Parameters<typeof openSession>[1]): Promise<OperationView> {
  const session = await openSession(h, options);
  return h.call('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: requisitesFor(session),
  });
}

/**
 * A desk enrolled at `hq` in `branch`, after `training` in its training mode (its shift closed on
 * a count of what it expects), Live with both operators and Aigerim's shift open on FLOAT.
 */
export async function liveDesk(
  t: Cleanup,
  hq: TestHq,
  at: { terminalId: string; branch: string; gateway?: Sandbox; clock?: TestClock },
  training: readonly TrainingStep[] = [],
): Promise<LiveDesk> {
  const h = await startHarness(t as TestContext, {
    headOffice: { backoff: { minMs: 50, maxMs: 200 }, timeoutMs: 5_000 },
    // Long enough for a session's use, short enough that a clock moved past it ends a lost create.
    sandbox: { sessionTtlSeconds: 8 },
    lookups: { notFoundGraceMs: 50 },
    day: { idleLockMs: 3_600_000 },
    ...(at.clock ? { clock: at.clock } : {}),
  });
  const sandbox = at.gateway ?? h.sandbox;
  const { mode: _mode, ...settings } = (await h.call('app.getState', {})).settings;
  await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
  await h.call('settings.save', {
    ...settings,
    terminalId: at.terminalId,
    gatewayUrl: sandbox.url,
    supervisorPin: SUPERVISOR_PIN,
  });
  const { code } = await enrolmentCodeFor(hq, at.terminalId, at.branch);
  await h.call('hq.enrol', { url: hq.url, code });
  const numbers: string[] = [];
  for (const step of training) {
    const view = await create(h, { type: step.type, amount: step.type === 'payin' ? '3000' : '2000' });
    numbers.push(view.operationNumber);
    if (step.type === 'payin') await h.call('checkout.recordCash', { localId: view.localId });
    else {
      h.sandbox.capture(SHOP, view.operationNumber);
      await changed(h, view.localId, (v) => v.cash === 'hand_over');
    }
    if (step.settled && step.type === 'payin') h.sandbox.capture(SHOP, view.operationNumber);
    if (step.settled && step.type === 'payout')
      await h.call('checkout.recordCash', { localId: view.localId });
  }
  if (training.length) {
    // A training payout is handed over from no float: what the count can say of a drawer below 0.
    const drawer = (await counted(h)).map((c) => ({ ...c, total: c.total.startsWith('-') ? '0' : c.total }));
    await h.call('shift.close', {
      counted: drawer,
      note: 'training: no float',
      supervisorPin: SUPERVISOR_PIN,
    });
  }
  await h.call('settings.setMode', { mode: 'live' });
  await h.call('settings.setToken', { shopId: SHOP, token: sandbox.token, supervisorPin: SUPERVISOR_PIN });
  const operatorIds: number[] = [];
  for (const o of OPERATORS)
    operatorIds.push((await h.call('operators.add', { name: o.name, pin: o.pin })).id);
  await h.call('supervisor.lock', {});
  await h.call('shift.open', { operatorId: operatorIds[0]!, pin: OPERATOR_PIN, float: FLOAT });
  return { h, terminalId: at.terminalId, operatorIds, holder: 0, training: numbers };
}

/** One day's world: desk A on its own sandbox and clock, desk B (on A's gateway) once needed. */
export type World = {
  hq: TestHq;
  branch: string;
  a: LiveDesk;
  b: LiveDesk | null;
  clock: TestClock;
  t: Cleanup;
  /** What the gateway says of an operation instead of what its ledger holds (by operation number). */
  says: Map<string, (data: { operation: Record<string, unknown>; parent: unknown }) => void>;
};

export async function startDay(t: Cleanup, hq: TestHq, name: string, day: Day): Promise<World> {
  const clock = testClock({ flowing: true });
  const a = await liveDesk(t, hq, { terminalId: `${name}A`, branch: name, clock }, day.training);
  return { hq, branch: name, a, b: null, clock, t, says: new Map() };
}
