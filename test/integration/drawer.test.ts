// The drawer balances, to the cent, in decimal only: fast-check writes random sequences of
// operations (payin and payout, custody recorded in this shift, in another, or not at all,
// training among them), cash movements and opening floats in several currencies into a real
// SQLite store, and the X report's expected cash must equal float + received − handed over +
// added − removed, computed here independently in integer minor units (BigInt).
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { buildXReport } from '../../main/shift/reports.ts';
import { createStore } from '../../main/store/index.ts';
import { summary } from '../../main/store/shifts.ts';

const CURRENCIES = ['KZT', 'UZS', 'TRY', 'GEL', 'USD'] as const;
const RUNS = Number(process.env.CASHDESK_FC_RUNS ?? 60);

/** "123", "123.40" or "0.05": the amount forms the desk stores. */
function decimal(cents: bigint): string {
  const whole = cents / 100n;
  const fraction = cents % 100n;
  return fraction === 0n && whole % 2n === 0n
    ? String(whole)
    : `${whole}.${String(fraction).padStart(2, '0')}`;
}

function cents(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const result = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  assert.equal(fraction.length <= 2, true, value);
  return negative ? -result : result;
}

const money = fc.bigInt({ min: 1n, max: 10n ** 13n });
const currency = fc.constantFrom(...CURRENCIES);
const event = fc.oneof(
  fc.record({
    kind: fc.constant('operation' as const),
    type: fc.constantFrom('payin' as const, 'payout' as const),
    currency,
    cents: money,
    custody: fc.constantFrom('here' as const, 'other shift' as const, 'none' as const),
    training: fc.boolean(),
    captured: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('movement' as const),
    move: fc.constantFrom('added' as const, 'removed' as const),
    currency,
    cents: money,
  }),
);
const floats = fc.uniqueArray(fc.record({ currency, cents: fc.bigInt({ min: 0n, max: 10n ** 12n }) }), {
  selector: (f) => f.currency,
  maxLength: CURRENCIES.length,
});

test('expected cash = float + received − handed over + added − removed, to the cent', async (t) => {
  // Each run starts from a copy of one freshly migrated database: migrating cost five times the copy.
  const template = mkdtempSync(join(tmpdir(), 'cashdesk-drawer-'));
  t.after(() => rmSync(template, { recursive: true, force: true }));
  createStore(template).close();
  await fc.assert(
    fc.asyncProperty(floats, fc.array(event, { maxLength: 40 }), async (float, events) => {
      const dir = mkdtempSync(join(tmpdir(), 'cashdesk-drawer-'));
      cpSync(template, dir, { recursive: true });
      const store = createStore(dir);
      try {
        const base = { terminalId: 'T07', training: false, operatorId: null, operatorName: 'Aigerim' };
        const other = store.shifts.insert({
          ...base,
          openedAt: '2026-01-01T08:00:00.000Z',
          openingFloat: [],
        });
        store.shifts.close(
          { id: other, terminalId: 'T07', training: false },
          '2026-01-01T20:00:00.000Z',
          true,
          () => ({}),
        );
        const shiftId = store.shifts.insert({
          ...base,
          openedAt: '2026-01-02T08:00:00.000Z',
          openingFloat: float.map((f) => ({
            currency: f.currency,
            total: decimal(f.cents),
            denominations: null,
          })),
        });

        const oracle = new Map<string, bigint>();
        const bump = (c: string, by: bigint) => oracle.set(c, (oracle.get(c) ?? 0n) + by);
        for (const f of float) bump(f.currency, f.cents);
        events.forEach((e, i) => {
          if (e.kind === 'movement') {
            const amount = decimal(e.cents);
            store.shifts.addMovement(shiftId, {
              at: '2026-01-02T09:00:00.000Z',
              kind: e.move,
              currency: e.currency,
              amount,
              reason: 'drawer',
              operator: 'Aigerim',
              approved: true,
            });
            bump(e.currency, e.move === 'added' ? e.cents : -e.cents);
            return;
          }
          const custodyShiftId = e.custody === 'here' ? shiftId : e.custody === 'other shift' ? other : null;
          const op = store.operations.insert(
            {
              shopId: 1001,
              operationNumber: `T07-260102-${String(i + 1).padStart(4, '0')}`,
              terminalId: 'T07',
              origin: 'counter',
              type: e.type,
              training: e.training,
              methodId: 'm',
              methodName: 'Cash',
              instrumentType: 'cash',
              payerId: 'p',
              amount: decimal(e.cents),
              currency: e.currency,
              phase: 'created',
              status: e.captured ? 'captured' : 'created',
              shiftId,
              operator: 'Aigerim',
            },
            { kind: 'created' },
          );
          const record = () =>
            store.custody.insert({
              localId: op.localId,
              kind: e.type === 'payin' ? 'received' : 'handed_over',
              reverses: null,
              amount: op.amount,
              currency: op.currency,
              direction: e.type === 'payin' ? 1 : -1,
              shiftId: custodyShiftId,
              terminalId: 'T07',
              operator: 'Aigerim',
              at: '2026-01-02T10:00:00.000Z',
              reason: null,
            });
          // Training money never meets Live cash: the database refuses it in a live shift.
          if (custodyShiftId && e.training) assert.throws(record, /its own mode/);
          else if (custodyShiftId) record();
          // Only this live shift's own custody records move its drawer.
          if (e.custody === 'here' && !e.training) bump(e.currency, e.type === 'payin' ? e.cents : -e.cents);
        });

        const shift = store.shifts.get(shiftId)!;
        const report = buildXReport(
          shift,
          summary(shift),
          store.shifts.operations(shift),
          store.custody.forShift(shiftId),
          store.shifts.movements(shiftId),
          new Date().toISOString(),
        );
        const expected = new Map(report.cash.map((line) => [line.currency, cents(line.expected)]));
        for (const [c, value] of oracle) assert.equal(expected.get(c) ?? 0n, value, c);
        for (const line of report.cash) {
          assert.equal(
            cents(line.float) +
              cents(line.received) -
              cents(line.handedOver) -
              cents(line.returned) +
              cents(line.reversed) +
              cents(line.added) -
              cents(line.removed),
            cents(line.expected),
            line.currency,
          );
          assert.equal(expected.get(line.currency), oracle.get(line.currency) ?? 0n, line.currency);
        }
      } finally {
        store.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }),
    { numRuns: RUNS },
  );
});
