// History search and totals on real SQLite files: any part of the number, payer ID or payer details
// in any case, one or two characters as a prefix, every filter with keyset paging, exact decimal
// totals, and the text index of migration 0004 kept current by its triggers, for new histories and
// for one written before it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, test } from 'node:test';
import Big from 'big.js';
import fc from 'fast-check';
import { HISTORY_STATES } from '../../common/enums.ts';
import { receiptCode } from '../../common/receipt-code.ts';
import { DATABASE_FILE, type Store } from '../../main/store/index.ts';
import { MIGRATIONS } from '../../main/store/migrations/index.ts';
import type {
  HistoryFilter,
  HistoryTotals,
  NewOperation,
  OperationRecord,
} from '../../main/store/operations.ts';
import {
  allPages,
  clock,
  matchesFilter,
  matchesText,
  newestFirst,
  newOperation,
  openStore,
  tempDir,
} from '../support/store.ts';

type Detail = OperationRecord['payerDetails'][number];

const phone = (value: string): Detail => ({ name: 'phone', title: 'Phone number', type: 'string', value });
const fullName = (value: string): Detail => ({ name: 'fullName', title: 'Full name', type: 'string', value });

/** A captured operation with a fresh number. */
const operation = (overrides: Partial<NewOperation> = {}): NewOperation =>
  newOperation({ phase: 'created', status: 'captured', ...overrides });

const numbers = (rows: OperationRecord[]) => rows.map((r) => r.operationNumber);

function referenceTotals(records: OperationRecord[], filter: Omit<HistoryFilter, 'limit'>): HistoryTotals {
  const found = records.filter((r) => matchesFilter(r, filter));
  const done = found.filter((r) => r.phase === 'created' && r.status === 'captured');
  const of = (rows: OperationRecord[], type: string) => sumsOf(rows.filter((r) => r.type === type));
  const flows = (rows: OperationRecord[]) => ({ payin: of(rows, 'payin'), payout: of(rows, 'payout') });
  const live = done.filter((r) => !r.training);
  const open = found.filter((r) => !done.includes(r) && r.final !== true);
  return {
    count: found.length,
    ...flows(live.filter((r) => r.instrumentType === 'cash')),
    other: flows(live.filter((r) => r.instrumentType !== 'cash')),
    training: { ...flows(done.filter((r) => r.training)), open: sumsOf(open.filter((r) => r.training)) },
    open: sumsOf(open.filter((r) => !r.training)),
  };
}

function sumsOf(records: OperationRecord[]): HistoryTotals['open'] {
  const byCurrency = new Map<string, string[]>();
  for (const r of records) byCurrency.set(r.currency, [...(byCurrency.get(r.currency) ?? []), r.amount]);
  const sums = [...byCurrency]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, amounts]) => {
      const places = Math.max(2, ...amounts.map((a) => a.split('.')[1]?.length ?? 0));
      const total = amounts.reduce((t, a) => t.plus(a), new Big(0));
      return { currency, amount: total.toFixed(places) };
    });
  return { count: records.length, sums };
}

const NONE = { count: 0, sums: [] };

/** Totals where every operation matched is a completed cash in, as `operation()` makes them. */
const allPayin = (count: number, sums: HistoryTotals['open']['sums']): HistoryTotals => ({
  count,
  payin: { count, sums },
  payout: NONE,
  other: { payin: NONE, payout: NONE },
  training: { payin: NONE, payout: NONE, open: NONE },
  open: NONE,
});

// ── A small history with everything search has to tell apart ────────────────────────────────────

function seedVaried(store: Store, time: ReturnType<typeof clock>, count: number): OperationRecord[] {
  const payers = ['payer-777', 'PAYER-7770', 'P0000777', 'P0002001', 'walk-in', 'Алия-5', 'p1'];
  const names = ['Aigerim Sadykova', 'АЙГЕРИМ Садыкова', 'Olga Petrova', 'Mehmet Yılmaz'];
  const phones = ['+77011234567', '+7 701 123-45-67', '+*******4567', '8 (701) 765 43 21'];
  const amounts = ['1500', '1500.00', '0.10', '0.20', '99.999', '1234567.89', '-5.00'];
  const currencies = ['KZT', 'TRY', 'USD'];
  // Every kind the status filter and the totals tell apart, as the journal stores them.
  const states: Pick<OperationRecord, 'phase' | 'status' | 'final' | 'openReason'>[] = [
    { phase: 'created', status: 'captured', final: true, openReason: null },
    { phase: 'created', status: 'created', final: false, openReason: 'waiting' },
    { phase: 'abandoned', status: null, final: true, openReason: null },
    { phase: 'created', status: 'refunded', final: false, openReason: 'stuck' },
    { phase: 'created', status: 'cancelled', final: true, openReason: null },
    { phase: 'created', status: 'captured', final: true, openReason: 'hand_over' },
    { phase: 'not_created', status: null, final: true, openReason: null },
    { phase: 'created', status: 'declined', final: true, openReason: 'return_cash' },
    { phase: 'created', status: 'created', final: false, openReason: 'cash_not_captured' },
    { phase: 'outcome_unknown', status: null, final: false, openReason: 'outcome_unknown' },
    { phase: 'created', status: 'on_hold', final: false, openReason: 'stuck' },
  ];
  const records: OperationRecord[] = [];
  for (let i = 0; i < count; i++) {
    // Now and then the clock goes back, as after a time-zone or NTP correction.
    time.advance(i % 9 === 8 ? -300_000 : 90_000 + (i % 3) * 1_000);
    const details: Detail[] = [];
    if (i % 3 !== 0) details.push(phone(phones[i % phones.length]!));
    if (i % 4 === 1) details.push(fullName(names[i % names.length]!));
    const state = states[Math.floor(i / 2) % states.length]!;
    records.push(
      store.operations.insert(
        operation({
          operationNumber:
            i % 11 === 10
              ? `br-${i}a`
              : `T0${1 + (i % 2)}-2602${String(1 + (i % 28)).padStart(2, '0')}-${String(i).padStart(4, '0')}`,
          shopId: i % 5 === 0 ? 1002 : 1001,
          payerId: payers[i % payers.length]!,
          type: i % 3 === 0 ? 'payout' : 'payin',
          ...state,
          training: i % 7 === 0,
          instrumentType: i % 4 === 3 ? 'bank_card' : 'cash',
          amount: amounts[i % amounts.length]!,
          currency: currencies[i % currencies.length]!,
          payerDetails: details,
        }),
        { kind: 'seeded' },
      ),
    );
  }
  return records;
}

const TEXTS = [
  '1 500,00',
  '1,500',
  '1500',
  '0.1',
  '99,999',
  'CD1:1001:T01-260302-0001',
  'payer-777',
  'PAYER-777',
  '777',
  '0002',
  't01-',
  'T02-2602',
  '7011234',
  '+7 701 123',
  '765 43',
  '4567',
  'айгерим',
  'САДЫК',
  'petrova',
  'yılmaz',
  'BR-1',
  'алия',
  't',
  'T0',
  'p',
  'pa',
  '1',
  'зз',
  'phone',
];

describe('finding text', () => {
  test('a phone the agent typed is found whole, with or without “+”, after the gateway masked it', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const typed = store.operations.insert(operation({ payerDetails: [phone('+77017654321')] }), {
      kind: 'x',
    });
    time.advance(1_000);
    const other = store.operations.insert(operation({ payerDetails: [phone('+77019994321')] }), {
      kind: 'x',
    });
    // A status lookup writes back what the gateway shows: the phone masked to its last four digits.
    store.operations.update(typed.localId, { payerDetails: [phone('+*******4321')] });
    store.operations.update(other.localId, { payerDetails: [phone('+*******4321')] });
    const find = (text: string) => numbers(store.operations.search({ text, limit: 50 }));
    for (const text of ['+77017654321', '77017654321', '7017654321', '+7 701 765 43 21', '7654']) {
      assert.deepEqual(find(text), [typed.operationNumber], text);
    }
    assert.deepEqual(find('4321'), [other.operationNumber, typed.operationNumber]);
    assert.equal(
      store.operations.get(typed.localId)?.payerDetails[0]?.value,
      '+*******4321',
      'shown as the gateway holds it',
    );
  });

  test('a receipt’s QR code, scanned into the search, finds its operation', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const mine = store.operations.insert(operation({ operationNumber: 'T01-261122-0042' }), { kind: 'x' });
    time.advance(1_000);
    store.operations.insert(operation({ operationNumber: 'T01-261122-0043' }), { kind: 'x' });
    const find = (text: string) => numbers(store.operations.search({ text, limit: 50 }));
    assert.deepEqual(find(receiptCode(1001, 'T01-261122-0042')), [mine.operationNumber]);
    assert.deepEqual(
      find(`${receiptCode(1001, 'T01-261122-0042')}\u001d`),
      [mine.operationNumber],
      'with a scanner’s separator',
    );
    // A wedge scanner typing through the Russian keyboard layout.
    assert.deepEqual(find('СВ1Ж1001ЖЕ01-261122-0042'), [mine.operationNumber]);
    assert.equal(store.operations.totals({ text: receiptCode(1001, 'T01-261122-0042') })?.count, 1);
  });

  test('an amount is found as typed or as displayed, in either language’s grouping', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const insert = (amount: string, currency = 'TRY') => {
      time.advance(1_000);
      return store.operations.insert(operation({ amount, currency, payerId: 'walk-in' }), { kind: 'x' })
        .operationNumber;
    };
    const fifty = insert('1500.50');
    const fromGateway = insert('1500.5');
    const whole = insert('1500', 'KZT');
    const wholeZeros = insert('1500.00', 'KZT');
    insert('150050');
    insert('15000.50');
    const find = (text: string) => numbers(store.operations.search({ text, limit: 50 }));
    for (const text of ['1 500,50', '1\u00a0500,50', '1\u202f500,50', '1500.50', '1,500.50', '1500,5']) {
      assert.deepEqual(find(text), [fromGateway, fifty], text);
    }
    assert.deepEqual(find('1 500'), [wholeZeros, whole]);
    assert.deepEqual(find('1,500.00'), [wholeZeros, whole]);
    assert.deepEqual(
      store.operations.totals({ text: '1 500,50' }),
      allPayin(2, [{ currency: 'TRY', amount: '3001.00' }]),
    );
    assert.deepEqual(find('1 500,50 ₸'), [fromGateway, fifty], 'as displayed, with its currency');
    assert.deepEqual(find('TRY 1,500.50'), [fromGateway, fifty]);
  });

  test('any part of the number, payer ID or a payer detail, in any case, newest first', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const tick = () => time.advance(60_000);
    const mine = store.operations.insert(
      operation({ operationNumber: 'T01-261122-0002', payerId: 'payer-777' }),
      { kind: 'x' },
    );
    tick();
    const other = store.operations.insert(
      operation({
        operationNumber: 'T01-261122-0003',
        payerId: 'P0007771',
        payerDetails: [fullName('Айгерим Садыкова'), phone('+7 701 123-45-67')],
      }),
      { kind: 'x' },
    );
    tick();
    const third = store.operations.insert(operation({ operationNumber: 'B2-9', payerId: 'walk-in' }), {
      kind: 'x',
    });
    const find = (text: string) => numbers(store.operations.search({ text, limit: 50 }));
    assert.deepEqual(find('payer-777'), [mine.operationNumber]);
    assert.deepEqual(find('PAYER-777'), [mine.operationNumber]);
    assert.deepEqual(find('777'), [other.operationNumber, mine.operationNumber]);
    assert.deepEqual(find('0002'), [mine.operationNumber]);
    assert.deepEqual(find('t01-261122'), [other.operationNumber, mine.operationNumber]);
    assert.deepEqual(find('b2-9'), [third.operationNumber]);
    assert.deepEqual(find('садыкова'), [other.operationNumber], 'names in any case, Cyrillic too');
    assert.deepEqual(find('АЙГЕР'), [other.operationNumber]);
    assert.deepEqual(find('7011234'), [other.operationNumber], 'a phone by its digits alone');
    assert.deepEqual(find('123-45'), [other.operationNumber], 'or as it was written');
    assert.deepEqual(find('+7 701 12'), [other.operationNumber]);
    // Only what is stored as a value is searched: not the detail's name or title, nor two fields
    // read together, nor SQL wildcards.
    for (const text of ['phone', 'Full name', 'value', '0002payer', '0002\u001fpayer', 'T0%', 'T0_', 'zzz']) {
      assert.deepEqual(find(text), [], text);
    }
  });

  test('a typed phone is found however the stored one was written, and the other way round', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const bare = store.operations.insert(operation({ payerDetails: [phone('+77011234567')] }), { kind: 'x' });
    time.advance(1_000);
    const spaced = store.operations.insert(operation({ payerDetails: [phone('8 (701) 123 45 67')] }), {
      kind: 'x',
    });
    const find = (text: string) => numbers(store.operations.search({ text, limit: 50 })).sort();
    const both = [bare.operationNumber, spaced.operationNumber].sort();
    assert.deepEqual(find('7011234567'), both);
    assert.deepEqual(find('(701) 123-45-67'), both);
    assert.deepEqual(find('+7 701 123 45 67'), [bare.operationNumber]);
    assert.deepEqual(find('87011234567'), [spaced.operationNumber]);
  });

  test('a whole operation number finds that operation and the longer numbers it starts, not a payer holding it', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const insert = (overrides: Partial<NewOperation>) => {
      time.advance(1_000);
      return store.operations.insert(operation(overrides), { kind: 'x' }).operationNumber;
    };
    const mine = insert({ operationNumber: 'T01-261122-0042' });
    const longer = insert({ operationNumber: 'T01-261122-00421' });
    const foreign = insert({ operationNumber: 'k9-261122-0042' });
    const holder = insert({ operationNumber: 'T01-261122-0043', payerId: 'T01-261122-0042' });
    const find = (text: string) => numbers(store.operations.search({ text, limit: 50 }));
    assert.deepEqual(find('T01-261122-0042'), [longer, mine]);
    assert.deepEqual(find(' t01-261122-0042 '), [longer, mine], 'typed in lower case, with spaces');
    assert.deepEqual(find('T01-261122-00421'), [longer]);
    assert.deepEqual(find('k9-261122-0042'), [foreign], 'another system’s number as it was written');
    assert.deepEqual(find('K9-261122-0042'), [], 'is not another number in capitals');
    assert.deepEqual(find('T01-261122-004'), [holder, longer, mine], 'a part of one is text as before');
    assert.equal(store.operations.totals({ text: 'T01-261122-0042' })?.count, 2);
  });

  test('one or two characters match the start of a number or payer ID, in any case', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const records = ['T01-1', 'k7-2', 'Ab-3'].map((operationNumber, i) => {
      time.advance(1_000);
      return store.operations.insert(operation({ operationNumber, payerId: ['P1', 'tz', 'payer-9'][i]! }), {
        kind: 'x',
      });
    });
    const find = (text: string) => numbers(store.operations.search({ text, limit: 50 }));
    assert.deepEqual(find('t'), ['k7-2', 'T01-1'], 'the number T01-1, and the payer tz');
    assert.deepEqual(find('K7'), ['k7-2']);
    assert.deepEqual(find('aB'), ['Ab-3']);
    assert.deepEqual(find('p'), ['Ab-3', 'T01-1']);
    assert.deepEqual(find('1'), [], 'a digit inside a number needs three characters');
    assert.equal(records.length, 3);
  });
});

describe('filters, paging and totals against the reference', () => {
  test('any text with any filter and page size: every match once, newest first, totals exact', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const records = seedVaried(store, time, 400);
    assert.ok(
      records.some((r, i) => i > 0 && r.createdAt < records[i - 1]!.createdAt),
      'some operations are out of time order',
    );
    const times = records.map((r) => r.createdAt);
    const text = fc.constantFrom(...TEXTS);
    const type = fc.constantFrom('payin' as const, 'payout' as const);
    const filter = fc.oneof(
      fc.record(
        {
          text,
          type,
          status: fc.constantFrom('captured', 'created', 'refunded', 'cancelled', 'declined'),
          state: fc.constantFrom(...HISTORY_STATES),
          from: fc.constantFrom(...times),
          to: fc.constantFrom(...times),
          training: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
      // Without a status, text walks the index newest first, past the out-of-order operations.
      fc.record({ text, type, training: fc.boolean() }, { requiredKeys: ['text'] }),
      // A kind of status alone, through its own index branches.
      fc.record({ state: fc.constantFrom(...HISTORY_STATES), type }, { requiredKeys: ['state'] }),
    );
    fc.assert(
      fc.property(filter, fc.integer({ min: 1, max: 40 }), (f, limit) => {
        const rows = allPages(store, { ...f, limit }).flat();
        const expected = records.filter((r) => matchesFilter(r, f)).sort(newestFirst);
        assert.deepEqual(
          rows.map((r) => r.localId),
          expected.map((r) => r.localId),
        );
        const totals = referenceTotals(records, f);
        assert.deepEqual(store.operations.totals(f), totals);
        // The screen's read: the first page with the totals (a short page is summed as read).
        const first = store.operations.page({ ...f, limit });
        assert.deepEqual(first.rows, store.operations.search({ ...f, limit }));
        assert.deepEqual(first.totals, totals);
        const last = first.rows.at(-1);
        if (last) assert.equal(store.operations.page({ ...f, limit, before: last }).totals, null);
      }),
      { numRuns: 200 },
    );
    for (const text of TEXTS) {
      const expected = records.filter((r) => matchesText(r, text));
      assert.equal(store.operations.search({ text, limit: 400 }).length, expected.length, text);
    }
  });
});

describe('totals', () => {
  test('exact decimal sums per currency, where floats or SQLite SUM() would drift', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const amounts: [string, string][] = [
      ['0.10', 'KZT'],
      ['0.20', 'KZT'],
      ['1500', 'KZT'],
      ['0.005', 'TRY'],
      ['99999999999999.99', 'TRY'],
      ['99999999999999.99', 'TRY'],
      ['-2.50', 'USD'],
      ['12345678901234567890.12345', 'USD'],
    ];
    for (const [amount, currency] of amounts) {
      time.advance(1_000);
      store.operations.insert(operation({ amount, currency, payerId: 'payer-sum' }), { kind: 'x' });
    }
    const expected = allPayin(8, [
      { currency: 'KZT', amount: '1500.30' },
      { currency: 'TRY', amount: '199999999999999.985' },
      { currency: 'USD', amount: '12345678901234567887.62345' },
    ]);
    assert.deepEqual(store.operations.totals({}), expected);
    assert.deepEqual(store.operations.totals({ text: 'payer-sum' }), expected);
    assert.deepEqual(store.operations.totals({ text: 'pa' }), expected);
    assert.deepEqual(store.operations.totals({ text: 'nobody' }), allPayin(0, []));
    assert.equal(0.1 + 0.2, 0.30000000000000004, 'what a float would have said');
  });

  test('Live cash apart from training and from other instruments: no training or card money in cash', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const add = (amount: string, fields: Partial<NewOperation>) => {
      time.advance(1_000);
      store.operations.insert(
        operation({ amount, phase: 'created', status: 'captured', final: true, openReason: null, ...fields }),
        { kind: 'x' },
      );
    };
    add('10000.00', { type: 'payin' });
    add('15000.00', { type: 'payin', training: true });
    add('4000.00', { type: 'payout' });
    add('2500.00', { type: 'payout', training: true });
    add('900.00', { type: 'payout', instrumentType: 'bank_card' });
    add('50.00', {
      type: 'payin',
      phase: 'created',
      status: 'created',
      final: false,
      openReason: 'take_cash',
    });
    add('60.00', {
      type: 'payin',
      training: true,
      phase: 'created',
      status: 'created',
      final: false,
      openReason: 'take_cash',
    });
    const kzt = (count: number, amount: string) => ({ count, sums: [{ currency: 'KZT', amount }] });
    const expected: HistoryTotals = {
      count: 7,
      payin: kzt(1, '10000.00'),
      payout: kzt(1, '4000.00'),
      other: { payin: NONE, payout: kzt(1, '900.00') },
      training: { payin: kzt(1, '15000.00'), payout: kzt(1, '2500.00'), open: kzt(1, '60.00') },
      open: kzt(1, '50.00'),
    };
    // Summed in SQL (many operations) and as a page is read: the one rule either way.
    assert.deepEqual(store.operations.totals({}), expected);
    assert.deepEqual(store.operations.page({ limit: 50 }).totals, expected);
  });

  test('by type, completed only, the open ones apart; the status filter’s kinds beyond a status', (t) => {
    const time = clock();
    const store = openStore(t, undefined, time.now);
    const add = (amount: string, fields: Partial<NewOperation>) => {
      time.advance(1_000);
      return store.operations.insert(operation({ amount, payerId: 'payer-18', ...fields }), { kind: 'x' })
        .operationNumber;
    };
    const done = { phase: 'created', status: 'captured', final: true, openReason: null } as const;
    const cashIn = add('100.00', { ...done, type: 'payin' });
    const cashOut = add('30.00', { ...done, type: 'payout' });
    const owed = add('7.00', { ...done, type: 'payout', openReason: 'hand_over' });
    const waiting = add('5.00', { phase: 'created', status: 'created', final: false, openReason: 'waiting' });
    const cancelled = add('1000.00', {
      phase: 'created',
      status: 'cancelled',
      final: true,
      openReason: null,
    });
    const declined = add('900.00', {
      phase: 'created',
      status: 'declined',
      final: true,
      openReason: 'return_cash',
      type: 'payin',
    });
    const onHold = add('3.00', { phase: 'created', status: 'on_hold', final: false, openReason: 'stuck' });
    const notCreated = add('800.00', { phase: 'not_created', status: null, final: true, openReason: null });
    const abandoned = add('700.00', { phase: 'abandoned', status: null, final: true, openReason: null });
    const expected: HistoryTotals = {
      count: 9,
      payin: { count: 1, sums: [{ currency: 'KZT', amount: '100.00' }] },
      payout: { count: 2, sums: [{ currency: 'KZT', amount: '37.00' }] },
      other: { payin: NONE, payout: NONE },
      training: { payin: NONE, payout: NONE, open: NONE },
      open: { count: 2, sums: [{ currency: 'KZT', amount: '8.00' }] },
    };
    // The summed way (many operations) and the page's own (fewer than a page) say the same.
    assert.deepEqual(store.operations.totals({}), expected);
    assert.deepEqual(store.operations.totals({ text: 'payer-18' }), expected);
    assert.deepEqual(store.operations.page({ limit: 50 }).totals, expected);
    const find = (filter: Omit<HistoryFilter, 'limit'>) =>
      numbers(store.operations.search({ ...filter, limit: 50 })).sort();
    assert.deepEqual(find({ state: 'cancelled' }), [cancelled, declined].sort());
    assert.deepEqual(find({ state: 'cancelled', type: 'payin' }), [cancelled, declined].sort());
    assert.deepEqual(find({ state: 'cancelled', status: 'declined' }), [declined]);
    assert.deepEqual(find({ state: 'cancelled', status: 'captured' }), []);
    assert.deepEqual(find({ state: 'unknown' }), [onHold]);
    assert.deepEqual(find({ state: 'not_created' }), [notCreated]);
    assert.deepEqual(find({ state: 'open_cash' }), [owed, declined].sort());
    assert.deepEqual(find({ state: 'open_cash', type: 'payout' }), [owed]);
    assert.deepEqual(find({ state: 'open_cash', text: 'payer-18' }), [owed, declined].sort());
    assert.deepEqual(find({ state: 'open_cash', text: 'PA' }), [owed, declined].sort(), 'a prefix');
    assert.deepEqual(find({ state: 'unknown', text: 'p' }), [onHold]);
    assert.deepEqual(find({ state: 'not_created', text: 'x' }), []);
    assert.deepEqual(find({ status: 'captured' }), [cashIn, cashOut, owed].sort());
    assert.deepEqual(find({ status: 'created' }), [waiting]);
    assert.ok(find({}).includes(abandoned) && find({}).length === 9, 'without a filter, all of them');
    assert.deepEqual(store.operations.totals({ state: 'open_cash' }), {
      count: 2,
      payin: NONE,
      payout: { count: 1, sums: [{ currency: 'KZT', amount: '7.00' }] },
      other: { payin: NONE, payout: NONE },
      training: { payin: NONE, payout: NONE, open: NONE },
      open: NONE,
    });
    assert.deepEqual(store.operations.totals({ state: 'cancelled' }), { ...allPayin(2, []), payin: NONE });
  });

  test('past 10,000 operations, or 2,000 candidates for a text, there are no totals', (t) => {
    const time = clock('2026-02-01T08:00:00.000Z');
    const dir = tempDir(t);
    const store = openStore(t, dir, time.now);
    time.advance(1_000);
    const first = store.operations.insert(operation({ payerId: 'payer-0', amount: '1.00' }), { kind: 'x' });
    // The other 10,000 are copies of the row the store wrote, each with its own number, payer and
    // second (through the triggers that index them): a tenth of the CPU of 10,000 inserts.
    const db = new DatabaseSync(join(dir, DATABASE_FILE));
    t.after(() => db.close());
    const columns = (db.prepare('PRAGMA table_info(operations)').all() as { name: string }[])
      .map((c) => c.name)
      .filter((name) => name !== 'local_id');
    const copied: Record<string, string> = {
      operation_number: "'T01-260201-' || printf('%05d', i)",
      payer_id: "CASE WHEN i < 2001 THEN 'payer-' || (i % 3) ELSE 'other' END",
      created_at: "strftime('%Y-%m-%dT%H:%M:%fZ', o.created_at, '+' || i || ' seconds')",
      updated_at: "strftime('%Y-%m-%dT%H:%M:%fZ', o.created_at, '+' || i || ' seconds')",
    };
    db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
      INSERT INTO operations (${columns.join(', ')})
      SELECT ${columns.map((c) => copied[c] ?? `o.${c}`).join(', ')} FROM n, operations o
      WHERE o.local_id = ${first.localId}`);
    assert.equal(store.operations.totals({}), null);
    assert.equal(store.operations.totals({ text: 'payer-' }), null);
    assert.deepEqual(
      store.operations.totals({ text: 'payer-1' }),
      allPayin(667, [{ currency: 'KZT', amount: '667.00' }]),
    );
    const firstDay = { to: new Date(Date.parse('2026-02-01T08:00:00.000Z') + 3_600_000).toISOString() };
    assert.deepEqual(
      store.operations.totals(firstDay),
      allPayin(3_599, [{ currency: 'KZT', amount: '3599.00' }]),
    );
    // A common status is tested along the index's newest-first walk, a rare one read whole.
    const newestPayer1 = (n: number) =>
      store.operations
        .search({ text: 'payer-', limit: 2_001 })
        .filter((r) => r.payerId === 'payer-1')
        .slice(0, n)
        .map((r) => r.localId);
    assert.deepEqual(
      store.operations.search({ text: 'PAYER-1', status: 'captured', limit: 50 }).map((r) => r.localId),
      newestPayer1(50),
    );
    assert.deepEqual(store.operations.search({ text: 'payer-1', status: 'created', limit: 50 }), []);
  });
});

describe('the text index stays current', () => {
  /** FTS5's structure record: rewritten by every change to the index, and only by one. */
  function indexVersion(dir: string): string {
    const db = new DatabaseSync(join(dir, DATABASE_FILE), { readOnly: true });
    try {
      const row = db.prepare('SELECT block FROM operation_text_data WHERE id = 10').get() as {
        block: Uint8Array;
      };
      return Buffer.from(row.block).toString('hex');
    } finally {
      db.close();
    }
  }

  test('after an insert and after a change of payer, while a status change leaves it alone', (t) => {
    const dir = tempDir(t);
    const time = clock();
    const store = openStore(t, dir, time.now);
    const record = store.operations.insert(operation({ payerDetails: [phone('+77011234567')] }), {
      kind: 'x',
    });
    const find = (text: string) => numbers(store.operations.search({ text, limit: 50 }));
    assert.deepEqual(find('7011234'), [record.operationNumber]);

    // The journal rewrites the details with every status it reads back: same text, no re-index.
    const before = indexVersion(dir);
    store.operations.update(record.localId, {
      status: 'captured',
      payerDetails: [phone('+77011234567')],
      lastCheckedAt: time.now(),
    });
    assert.equal(indexVersion(dir), before, 'a status change does not touch the index');

    // The gateway masks the phone on retrieval: the number the agent typed still finds it.
    store.operations.update(record.localId, { payerDetails: [phone('+*******4567')] });
    assert.notEqual(indexVersion(dir), before);
    assert.deepEqual(find('7011234'), [record.operationNumber]);
    assert.deepEqual(find('4567'), [record.operationNumber]);
    store.operations.update(record.localId, { payerId: 'payer-42' });
    assert.deepEqual(find('payer-42'), [record.operationNumber]);
    assert.deepEqual(find('P0000001'), []);
  });

  test('an operation time never changes, since the index order relies on it', (t) => {
    const dir = tempDir(t);
    const time = clock();
    const store = openStore(t, dir, time.now);
    const record = store.operations.insert(operation(), { kind: 'x' });
    const db = new DatabaseSync(join(dir, DATABASE_FILE));
    t.after(() => db.close());
    assert.throws(
      () =>
        db
          .prepare('UPDATE operations SET created_at = ? WHERE local_id = ?')
          .run('2020-01-01T00:00:00.000Z', record.localId),
      /created_at never changes/,
    );
  });

  test('a history written before the index gets one, with its out-of-order operations', (t) => {
    const dir = tempDir(t);
    const file = join(dir, DATABASE_FILE);
    // As the release before it left the file: migrations 1 and 2 only.
    const old = new DatabaseSync(file);
    old.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT;
      ${MIGRATIONS[0]!.sql} ${MIGRATIONS[1]!.sql}`);
    const applied = old.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)');
    for (const [i, m] of MIGRATIONS.slice(0, 2).entries())
      applied.run(i + 1, m.name, '2026-01-01T00:00:00.000Z');
    const insert = old.prepare(`INSERT INTO operations (shop_id, operation_number, terminal_id, origin, type,
      training, method_id, method_name, instrument_type, payer_id, amount, currency, phase, status, payer_details,
      created_at, updated_at) VALUES (1001, ?, 'T01', 'counter', 'payin', 0, 'm', 'M', 'cash', ?, ?, 'KZT',
      'created', 'captured', ?, ?, ?)`);
    const rows: [string, string, string, string | null, string][] = [
      [
        'T01-260101-0001',
        'payer-777',
        '10.10',
        JSON.stringify([phone('+7 701 123-45-67')]),
        '2026-01-01T10:00:00.000Z',
      ],
      ['T01-260101-0002', 'P0000002', '20.20', '[]', '2026-01-01T11:00:00.000Z'],
      // Written after a clock went back an hour.
      ['T01-260101-0003', 'payer-7770', '30.30', null, '2026-01-01T10:30:00.000Z'],
      ['T01-260101-0004', 'P0000004', '40.40', null, '2026-01-01T12:00:00.000Z'],
    ];
    for (const [number, payer, amount, details, at] of rows)
      insert.run(number, payer, amount, details, at, at);
    old.close();

    const time = clock('2026-01-02T09:00:00.000Z');
    const store = openStore(t, dir, time.now);
    const find = (text: string) => numbers(store.operations.search({ text, limit: 50 }));
    assert.deepEqual(find('777'), ['T01-260101-0003', 'T01-260101-0001']);
    assert.deepEqual(find('t01-260101'), [
      'T01-260101-0004',
      'T01-260101-0002',
      'T01-260101-0003',
      'T01-260101-0001',
    ]);
    assert.deepEqual(find('7011234'), ['T01-260101-0001']);
    assert.deepEqual(
      store.operations.totals({ text: 't01-260101' }),
      allPayin(4, [{ currency: 'KZT', amount: '101.00' }]),
    );
    // New operations join the index, the old ones' order still holds.
    const added = store.operations.insert(
      operation({ operationNumber: 'T01-260102-0001', payerId: 'payer-7' }),
      {
        kind: 'x',
      },
    );
    assert.deepEqual(find('payer-7'), [added.operationNumber, 'T01-260101-0003', 'T01-260101-0001']);
  });
});
