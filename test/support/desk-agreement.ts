// Whether a desk and its head office agree on cash: the desk's own answer is its X report (and its
// Z reports); the head office's is what its staff API gives the dashboard. Every disagreement is
// one line naming the desk, what differs (a currency's expected cash, an operation's open cash or
// unknown outcome, a Z report), and both answers.
import { DeskReply } from '../../common/hq-api/staff-views.ts';
import { add, compare } from '../../common/money.ts';
import { json, type TestHq } from '../hq/support.ts';
import type { Harness } from './core.ts';
import { type Cleanup, type Day, type LiveDesk, startDay, type World } from './desk-day.ts';
import { runDay } from './desk-day-steps.ts';

/** One desk's cash, as either side answers: expected per currency, open cash, unknown outcomes. */
export type CashAnswer = {
  expected: { currency: string; amount: string }[];
  openCash: { operationNumber: string; reason: string }[];
  unknownOutcomes: { operationNumber: string }[];
};
/** A closed shift's Z report: its expected cash and the operations whose custody a supervisor reversed. */
export type ZAnswer = { number: number; expected: CashAnswer['expected']; reversals: string[] };

/** The desk's answer: its X report (the open shift's), and the Z reports of its closed Live shifts. */
export async function deskAnswer(h: Harness): Promise<CashAnswer & { zReports: ZAnswer[] }> {
  const x = await h.call('shift.report', {});
  const shifts = (await h.call('shift.list', { limit: 100 })).shifts.filter((s) => !s.training && s.closedAt);
  const zReports: ZAnswer[] = [];
  for (const shift of shifts) {
    const z = await h.call('shift.zReport', { shiftId: shift.id });
    zReports.push({
      number: z.number,
      expected: z.cash.map((c) => ({ currency: c.currency, amount: c.expected })),
      reversals: z.reversals.map((r) => r.operationNumber),
    });
  }
  return {
    expected: x.cash.map((c) => ({ currency: c.currency, amount: c.expected })),
    openCash: x.openCash.map((o) => ({ operationNumber: o.operation.operationNumber, reason: o.reason })),
    unknownOutcomes: [...x.openCash, ...x.waiting]
      .filter((o) => o.reason === 'outcome_unknown')
      .map((o) => ({ operationNumber: o.operation.operationNumber })),
    zReports,
  };
}

/**
 * THE ADAPTER: HQ's answer for one desk, from `GET /api/desks/:terminalId`, parsed with the staff
 * API's own schema: `expectedCash`, `openCash` with the reason the cash rules give, `unknownOutcome`,
 * and each Z report's expected cash and reversals.
 */
export async function hqAnswer(
  hq: TestHq,
  terminalId: string,
): Promise<CashAnswer & { page: DeskReply; zReports: ZAnswer[] }> {
  const page = DeskReply.parse(await json(hq.admin.get(`/api/desks/${encodeURIComponent(terminalId)}`)));
  return {
    expected: page.expectedCash,
    openCash: page.openCash.map((o) => ({ operationNumber: o.operationNumber, reason: o.reason })),
    unknownOutcomes: page.unknownOutcome.map((o) => ({ operationNumber: o.operationNumber })),
    page,
    zReports: page.zReports.map((z) => ({
      number: z.number,
      expected: z.body.currencies.map((c) => ({ currency: c.currency, amount: c.expected })),
      reversals: (z.body.reversals ?? []).map((r) => r.operationNumber),
    })),
  };
}

/** Amounts per currency, zero lines left out (a currency HQ keeps at 0 is one the desk never lists). */
function amounts(lines: CashAnswer['expected']): Map<string, string> {
  return new Map(lines.filter((l) => compare(l.amount, '0') !== 0).map((l) => [l.currency, l.amount]));
}

function compareAmounts(
  where: string,
  desk: CashAnswer['expected'],
  hq: CashAnswer['expected'],
  out: string[],
) {
  const d = amounts(desk);
  const q = amounts(hq);
  for (const currency of new Set([...d.keys(), ...q.keys()])) {
    const mine = d.get(currency) ?? '0';
    const theirs = q.get(currency) ?? '0';
    if (compare(mine, theirs) !== 0) out.push(`${where} ${currency}: desk ${mine}, HQ ${theirs}`);
  }
}

/** What the desk's own history says of an operation, for a counterexample a person can read. */
async function described(h: Harness): Promise<Map<string, string>> {
  const rows = (await h.call('history.search', { limit: 200 })).rows;
  return new Map(
    rows.map((r) => [
      r.operationNumber,
      `${r.type} ${r.amount} ${r.currency}, ${r.phase}/${r.status ?? '-'}, custody ${r.custody?.kind ?? 'none'}${r.mismatch ? ', mismatch' : ''}, open ${r.meaning.open ?? 'none'}`,
    ]),
  );
}

/** Every way HQ's answer for `desk` differs from the desk's own; empty when they agree. */
export async function disagreements(world: World, desk: LiveDesk): Promise<string[]> {
  const { hq } = world;
  const id = desk.terminalId;
  const out: string[] = [];
  const mine = await deskAnswer(desk.h);
  const theirs = await hqAnswer(hq, id);
  const about = await described(desk.h);
  const op = (n: string) => `operation ${n} (${about.get(n) ?? 'not this desk’s'})`;

  compareAmounts(`${id}: expected cash`, mine.expected, theirs.expected, out);
  const hqOpen = new Map(theirs.openCash.map((o) => [o.operationNumber, o.reason]));
  const deskOpen = new Map(mine.openCash.map((o) => [o.operationNumber, o.reason]));
  for (const n of new Set([...deskOpen.keys(), ...hqOpen.keys()])) {
    const d = deskOpen.has(n) ? `open (${deskOpen.get(n)})` : 'not open';
    const q = hqOpen.has(n) ? `open (${hqOpen.get(n)})` : 'not open';
    if (hqOpen.get(n) !== deskOpen.get(n))
      out.push(`${id}: open cash, ${op(n)}: desk says ${d}, HQ says ${q}`);
  }
  const deskUnknown = new Set(mine.unknownOutcomes.map((o) => o.operationNumber));
  const hqUnknown = new Set(theirs.unknownOutcomes.map((o) => o.operationNumber));
  for (const n of new Set([...deskUnknown, ...hqUnknown]))
    if (deskUnknown.has(n) !== hqUnknown.has(n))
      out.push(
        `${id}: unknown outcome, ${op(n)}: desk says ${deskUnknown.has(n) ? 'unknown' : 'known'}, HQ says ${hqUnknown.has(n) ? 'unknown' : 'known'}`,
      );

  // The dashboard's own views of the desk: its row and counts, as the pages show them.
  compareAmounts(`${id}: dashboard desk row expected cash`, mine.expected, theirs.page.desk.expected, out);
  if (theirs.page.desk.openCash !== mine.openCash.length)
    out.push(
      `${id}: dashboard open-cash count: desk ${mine.openCash.length}, HQ ${theirs.page.desk.openCash}`,
    );
  if (theirs.page.desk.unknownOps !== mine.unknownOutcomes.length)
    out.push(
      `${id}: dashboard unknown-outcome count: desk ${mine.unknownOutcomes.length}, HQ ${theirs.page.desk.unknownOps}`,
    );

  for (const z of mine.zReports) {
    const at = theirs.zReports.find((q) => q.number === z.number);
    if (!at) {
      out.push(`${id}: Z report ${z.number}: desk has it, HQ does not`);
      continue;
    }
    compareAmounts(`${id}: Z report ${z.number} expected cash`, z.expected, at.expected, out);
    const missing = z.reversals.filter((n) => !at.reversals.includes(n));
    for (const n of missing)
      out.push(`${id}: Z report ${z.number} reversal of ${op(n)}: desk lists it, HQ's Z does not`);
    for (const n of at.reversals.filter((r) => !z.reversals.includes(r)))
      out.push(`${id}: Z report ${z.number} reversal of ${op(n)}: HQ's Z lists it, the desk's does not`);
  }
  for (const n of desk.training) {
    const { operations } = await json<{ operations: unknown[] }>(
      hq.admin.get(`/api/search?operationNumber=${encodeURIComponent(n)}`),
    );
    if (operations.length) out.push(`${id}: training operation ${n} reached HQ`);
  }
  return out;
}

/** The branch as the network page shows it: the sum of its desks' expected cash and counts. */
async function networkDisagreements(world: World, desks: LiveDesk[]): Promise<string[]> {
  const out: string[] = [];
  const { branches } = await json<{
    branches: { name: string; openCash: number; unknownOps: number; expected: CashAnswer['expected'] }[];
  }>(world.hq.admin.get('/api/network'));
  const row = branches.find((b) => b.name === world.branch);
  if (!row) return [`${world.branch}: the network page does not show the branch`];
  const expected = new Map<string, string>();
  let open = 0;
  let unknown = 0;
  for (const desk of desks) {
    const mine = await deskAnswer(desk.h);
    for (const l of mine.expected) expected.set(l.currency, add(expected.get(l.currency) ?? '0', l.amount));
    open += mine.openCash.length;
    unknown += mine.unknownOutcomes.length;
  }
  const lines = [...expected].map(([currency, amount]) => ({ currency, amount }));
  compareAmounts(`branch ${world.branch}: network page expected cash`, lines, row.expected, out);
  if (row.openCash !== open)
    out.push(`branch ${world.branch}: network open-cash count: desks ${open}, HQ ${row.openCash}`);
  if (row.unknownOps !== unknown)
    out.push(`branch ${world.branch}: network unknown-outcome count: desks ${unknown}, HQ ${row.unknownOps}`);
  return out;
}

/** Both desks of the day's branch, and the branch on the network page. */
export async function dayDisagreements(world: World): Promise<string[]> {
  const desks = world.b ? [world.a, world.b] : [world.a];
  const out: string[] = [];
  for (const desk of desks) out.push(...(await disagreements(world, desk)));
  out.push(...(await networkDisagreements(world, desks)));
  return out;
}

/** One day at a fresh branch of `hq` (its own desks, cores and sandbox, all closed after it): every disagreement. */
export async function checkDay(hq: TestHq, name: string, day: Day): Promise<string[]> {
  const undo: (() => unknown)[] = [];
  const scope = { after: (fn: () => unknown) => void undo.push(fn) } as Cleanup;
  try {
    const world = await startDay(scope, hq, name, day);
    await runDay(world, day);
    return await dayDisagreements(world);
  } finally {
    for (const fn of undo.reverse()) await fn();
  }
}
