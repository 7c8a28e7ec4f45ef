// A large, realistic history for the store benchmarks: written straight into SQLite in one
// transaction of prepared inserts (the schema itself comes from createStore), and cached under
// bench/.cache/ so re-runs skip the seeding. The cache key covers the schema and GENERATOR_VERSION.

import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { ownState } from '../common/cash-rules/operation-answer.ts';
import type { OperationTypeValue, Phase } from '../common/contract.ts';
import { createDeskJournal } from '../main/headoffice/desk-journal.ts';
import { createHeadOfficeTables } from '../main/headoffice/tables.ts';
import { createChainRepo } from '../main/store/chain-links.ts';
import { createStore, DATABASE_FILE } from '../main/store/index.ts';
import { MIGRATIONS } from '../main/store/migrations/index.ts';
import { createVault } from '../main/vault/index.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const CACHE_DIR = join(HERE, '.cache');
/** The seal's key in seeded histories (a desk's own is in its keychain). */
export const SEED_CHAIN_KEY = Buffer.alloc(32, 7);

/**
 * A throwaway keychain service holding the seeded histories' chain key, so a core opened on one
 * finds its seal whole (and neither waits for a key nor records a broken seal); `forget` removes it.
 */
export async function seededKeychain(): Promise<{ service: string; forget(): Promise<void> }> {
  const service = `cashdesk-bench-${randomUUID()}`;
  const vault = createVault(service);
  await vault.setChainKey(SEED_CHAIN_KEY);
  return { service, forget: () => vault.forgetChain() };
}

/** The history spans this many days back from a fixed end, so cached files are reproducible. */
const SPAN_DAYS = 730;
const END = Date.parse('2026-06-30T18:00:00.000Z');
/** Shop 1001 numbers its payers P0012345; shop 1002 calls them payer-123. */
const PAYERS = 50_000;
const SHOP_2_PAYERS = 10_000;

export type SeedSpec = {
  operations: number;
  /** Audit events per operation; the real flow writes 4–5 for a captured operation. */
  eventsPerOperation: number;
};

export type SeededHistory = {
  dataDir: string;
  file: string;
  operations: number;
  /** When the history starts and ends, for picking realistic date windows. */
  from: string;
  to: string;
  /** A sample of stored operation numbers and payer IDs to look up. */
  sampleNumbers: string[];
  samplePayers: string[];
  /** Phone numbers stored in full (not masked) in payer details, as the payer gave them. */
  samplePhones: string[];
};

/** A small, fast, deterministic PRNG (mulberry32), so every seeded file is the same. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Bump when the generated rows change; the schema is part of the cache key by itself. */
const GENERATOR_VERSION = 5;

function cacheKey(spec: SeedSpec): string {
  const schema = MIGRATIONS.map((m) => `${m.name}\n${m.sql}`).join('\n');
  return createHash('sha256')
    .update(`${JSON.stringify(spec)}\n${GENERATOR_VERSION}\n${schema}`)
    .digest('hex')
    .slice(0, 12);
}

/** The seeded history for `spec`, from the cache when it is there. */
export function seededHistory(spec: SeedSpec, log: (line: string) => void = () => {}): SeededHistory {
  const prefix = `history-${spec.operations}-${spec.eventsPerOperation}-`;
  const dataDir = join(CACHE_DIR, `${prefix}${cacheKey(spec)}`);
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    // Histories seeded for an older schema or generator are over a gigabyte each: drop them.
    for (const stale of existsSync(CACHE_DIR) ? readdirSync(CACHE_DIR) : []) {
      if (stale.startsWith(prefix)) rmSync(join(CACHE_DIR, stale), { recursive: true, force: true });
    }
    const staging = `${dataDir}.partial`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const started = performance.now();
    log(`seeding ${spec.operations.toLocaleString('en')} operations into ${staging} …`);
    seed(join(staging, DATABASE_FILE), spec);
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    renameSync(staging, dataDir);
  }
  return { dataDir, file, operations: spec.operations, ...samples(file) };
}

function samples(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const range = db
      .prepare('SELECT MIN(created_at) AS f, MAX(created_at) AS t, MAX(local_id) AS n FROM operations')
      .get() as {
      f: string;
      t: string;
      n: number;
    };
    const random = prng(7);
    const pick = db.prepare(
      'SELECT operation_number, payer_id, payer_details FROM operations WHERE local_id = ?',
    );
    const sampleNumbers: string[] = [];
    const samplePayers: string[] = [];
    const samplePhones: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      const row = pick.get(1 + Math.floor(random() * Number(range.n))) as {
        operation_number: string;
        payer_id: string;
        payer_details: string;
      };
      sampleNumbers.push(row.operation_number);
      samplePayers.push(row.payer_id);
      const details = JSON.parse(row.payer_details) as { name: string; value: string }[];
      const phone = details.find((d) => d.name === 'phone' && !d.value.includes('*'))?.value;
      if (phone) samplePhones.push(phone);
    }
    return { from: range.f, to: range.t, sampleNumbers, samplePayers, samplePhones };
  } finally {
    db.close();
  }
}

const gatewayTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

const METHODS = [
  {
    id: '5b1e7c1a-0a11-4c6e-9d11-000000000101',
    name: 'Cash KZT',
    instrument: 'cash',
    type: 'payin',
    currency: 'KZT',
    rate: 0.0021,
    payer: [{ name: 'phone', title: 'Phone number', type: 'string' }],
    method: [
      { name: 'cashPointCode', value: 'KZ-ALA-0042' },
      { name: 'cashPointAddress', value: 'Almaty, 10 Abay Avenue' },
    ],
  },
  {
    id: '5b1e7c1a-0a11-4c6e-9d11-000000000102',
    name: 'Bank transfer KZT',
    instrument: 'bank_transfer',
    type: 'payin',
    currency: 'KZT',
    rate: 0.0021,
    payer: [
      { name: 'fullName', title: 'Full name', type: 'string' },
      { name: 'cardNumber', title: 'Card number', type: 'string' },
    ],
    method: [
      { name: 'cardNumber', value: '4400430212345678' },
      { name: 'recipientName', value: 'Training Recipient LLP' },
    ],
  },
  {
    id: '5b1e7c1a-0a11-4c6e-9d11-000000000201',
    name: 'Cash KZT',
    instrument: 'cash',
    type: 'payout',
    currency: 'KZT',
    rate: 0.0021,
    payer: [
      { name: 'fullName', title: 'Full name', type: 'string' },
      { name: 'phone', title: 'Phone number', type: 'string' },
    ],
    method: [{ name: 'cashPointCode', value: 'KZ-ALA-0042' }],
  },
  {
    id: '5b1e7c1a-0a11-4c6e-9d11-000000000204',
    name: 'Cash TRY',
    instrument: 'cash',
    type: 'payout',
    currency: 'TRY',
    rate: 0.0305,
    payer: [
      { name: 'fullName', title: 'Full name', type: 'string' },
      { name: 'phone', title: 'Phone number', type: 'string' },
    ],
    method: [{ name: 'cashPointCode', value: 'TR-IST-0007' }],
  },
] as const;

const FIRST_NAMES = ['Aigerim', 'Dmitry', 'Zeynep', 'Arman', 'Olga', 'Mehmet', 'Айгерим', 'Дмитрий', 'Elif'];
const LAST_NAMES = ['Nurlanova', 'Sokolov', 'Kaya', 'Bekov', 'Petrova', 'Yilmaz', 'Садыкова', 'Ахметов'];

const COLUMNS = [
  'local_id',
  'shop_id',
  'operation_number',
  'terminal_id',
  'origin',
  'type',
  'training',
  'method_id',
  'method_name',
  'instrument_type',
  'payer_id',
  'amount',
  'currency',
  'phase',
  'status',
  'session_id',
  'session_expires_at',
  'payer_requisites_id',
  'method_requisites_id',
  'gateway_id',
  'settlement_amount',
  'settlement_currency',
  'registered_at',
  'gateway_updated_at',
  'is_correction',
  'parent',
  'payer_details',
  'last_error_kind',
  'last_error_message',
  'created_at',
  'updated_at',
  'last_checked_at',
  'print_count',
  'final',
  'open_reason',
];

/** The operation's own answer as the journal stores it with every change (main/operations/meaning.ts). */
function answerOf(phase: Phase, status: string | null, type: OperationTypeValue, instrument: string) {
  const own = ownState({
    phase,
    status,
    type,
    instrumentType: instrument,
    origin: 'counter',
    mismatch: null,
    isCorrection: false,
    parent: null,
    custodyKind: null,
    returnedAt: null,
    released: false,
  });
  return [own.final ? 1 : 0, own.open] as const;
}

/** Writes `spec.operations` settled operations (captured, abandoned, expired or failed) in time order. */
export function seed(file: string, spec: SeedSpec): void {
  createStore(dirname(file)).close();
  const db = new DatabaseSync(file);
  // Every event is chained as the app chains it (its insert trigger needs the chain's functions).
  createChainRepo(db).setKey(SEED_CHAIN_KEY);
  // Seeding only: no journal and no fsync (a failed seed is simply discarded), a big page cache.
  db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144');
  const insertOperation = db.prepare(
    `INSERT INTO operations (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
  );
  const insertEvent = db.prepare(
    'INSERT INTO operation_events (local_id, at, kind, phase, status, detail, money_state_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  // What the cash rules read at each event, as operations.ts keeps it: once, in money_states.
  const keepState = db.prepare(
    'INSERT INTO money_states (state) VALUES (?) ON CONFLICT DO UPDATE SET state = state RETURNING id',
  );
  const stateId = (answer: readonly [number, string | null]) => {
    const [final, open] = answer;
    const state = {
      mismatch: false,
      correction: false,
      custody: null,
      returned: false,
      final: final === 1,
      open,
    };
    return Number((keepState.get(JSON.stringify(state)) as { id: number }).id);
  };
  // Each requisite list is stored once (migration 0018); an operation keeps its id.
  const keepList = db.prepare(
    'INSERT INTO requisite_lists (list) VALUES (?) ON CONFLICT DO UPDATE SET list = list RETURNING id',
  );
  const listId = (list: unknown) => Number((keepList.get(JSON.stringify(list)) as { id: number }).id);
  const random = prng(42);
  const start = END - SPAN_DAYS * 86_400_000;
  const step = (SPAN_DAYS * 86_400_000) / spec.operations;
  let day = '';
  let seq = 0;
  db.exec('BEGIN');
  for (let i = 1; i <= spec.operations; i++) {
    const created = Math.floor(start + i * step + random() * step * 0.5);
    const iso = (ms: number) => new Date(ms).toISOString();
    const today = iso(created).slice(2, 10).replaceAll('-', '');
    if (today !== day) {
      day = today;
      seq = 0;
    }
    seq += 1;
    const method = METHODS[Math.floor(random() * METHODS.length)]!;
    const roll = random();
    const phase =
      roll < 0.9 ? 'created' : roll < 0.95 ? 'abandoned' : roll < 0.98 ? 'expired' : 'session_failed';
    const captured = phase === 'created';
    const amount = `${1000 + Math.floor(random() * 200_000)}${random() < 0.3 ? '.50' : ''}`;
    const shop = random() < 0.8 ? 1001 : 1002;
    const payer =
      shop === 1001
        ? `P${String(Math.floor(random() * PAYERS)).padStart(7, '0')}`
        : `payer-${Math.floor(random() * SHOP_2_PAYERS)}`;
    const digits = String(Math.floor(random() * 1e7)).padStart(7, '0');
    // Half as a masking gateway reads them back, the rest as given: bare or with separators.
    const form = random();
    const phone =
      form < 0.5
        ? `+*******${digits.slice(-4)}`
        : form < 0.8
          ? `+7701${digits}`
          : `+7 701 ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
    const name = `${FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]} ${LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]}`;
    const details = method.payer.map((p) => ({
      ...p,
      value: p.name === 'phone' ? phone : p.name === 'fullName' ? name : '**** **** **** 1234',
    }));
    const sessionOpened = created + 4_000;
    const createdAtGateway = created + 35_000;
    const capturedAt = createdAtGateway + 60_000 + Math.floor(random() * 240_000);
    const updated = captured ? capturedAt + 1_000 : created + 120_000;
    insertOperation.run(
      i,
      shop,
      `T01-${today}-${String(seq).padStart(4, '0')}`,
      'T01',
      'counter',
      method.type,
      0,
      method.id,
      method.name,
      method.instrument,
      payer,
      amount,
      method.currency,
      phase,
      captured ? 'captured' : null,
      phase === 'session_failed' ? null : randomUUID(),
      phase === 'session_failed' ? null : iso(created + 904_000),
      listId(phase === 'session_failed' ? [] : method.payer),
      listId(phase === 'session_failed' ? [] : method.method),
      captured ? (random() < 0.5 ? randomUUID() : String(100_000_000 + i)) : null,
      captured ? (Number(amount) * method.rate).toFixed(2) : null,
      captured ? 'USD' : null,
      captured ? gatewayTime(createdAtGateway) : null,
      captured ? gatewayTime(capturedAt) : null,
      0,
      null,
      captured ? JSON.stringify(details) : '[]',
      phase === 'session_failed' ? 'unreachable' : null,
      phase === 'session_failed' ? 'unreachable at openSession' : null,
      iso(created),
      iso(updated),
      captured ? iso(capturedAt + 1_000) : null,
      captured ? 1 : 0,
      ...answerOf(phase, captured ? 'captured' : null, method.type, method.instrument),
    );
    const events: [number, string, string, string | null, string | null][] = [
      [created, 'session_requested', 'opening', null, null],
    ];
    if (phase === 'session_failed')
      events.push([created + 10_000, 'session_failed', 'session_failed', null, 'unreachable']);
    else
      events.push([
        sessionOpened,
        'session_opened',
        'session_open',
        null,
        `expires ${gatewayTime(created + 904_000)}`,
      ]);
    if (phase === 'abandoned') events.push([created + 120_000, 'abandoned', 'abandoned', null, null]);
    if (phase === 'expired') events.push([created + 905_000, 'session_expired', 'expired', null, null]);
    if (captured) {
      const extra: [number, string, string, string | null, string | null][] = [
        [createdAtGateway - 1_000, 'create_sent', 'creating', null, null],
        [createdAtGateway + 200, 'created', 'created', 'created', 'status created'],
        [capturedAt + 1_000, 'status_changed', 'created', 'captured', 'created → captured'],
      ];
      // Keep the last ones: the captured operation's history always ends in its final status.
      events.push(...extra.slice(Math.max(0, extra.length - (spec.eventsPerOperation - 2))));
    }
    for (const [at, kind, p, status, detail] of events.slice(0, Math.max(spec.eventsPerOperation, 2))) {
      const answer = answerOf(p as Phase, status, method.type, method.instrument);
      insertEvent.run(i, iso(at), kind, p, status, detail, stateId(answer));
    }
  }
  const last = new Date(start + spec.operations * step).toISOString().slice(2, 10).replaceAll('-', '');
  db.prepare("INSERT INTO settings (key, value) VALUES ('operation_sequence', ?)").run(
    JSON.stringify({ day: last, seq }),
  );
  db.exec('COMMIT');
  db.exec('PRAGMA journal_mode = WAL');
  db.close();
  journal(dirname(file));
}

/** The desk journal of the whole history, as an enrolled desk keeps it: its size counts too. */
function journal(dataDir: string): void {
  const store = createStore(dataDir);
  const writer = createDeskJournal({
    repo: createHeadOfficeTables(store).deskJournal,
    transaction: store.transaction,
    afterLink: store.chain.afterLink,
    terminalId: () => 'T01',
    note: () => ({ waiting: 0, lastReachedAt: null }),
    appended: () => {},
    log: {
      error: (event, detail) => {
        throw new Error(`${event}: ${JSON.stringify(detail)}`);
      },
    },
  });
  try {
    writer.catchUp();
  } finally {
    writer.close();
    store.close();
  }
}

/** Bytes on disk for the database, its WAL and shared-memory index, whatever exists. */
export function databaseBytes(file: string, statSize: (path: string) => number): number {
  return ['', '-wal', '-shm'].reduce(
    (sum, suffix) => sum + (existsSync(file + suffix) ? statSize(file + suffix) : 0),
    0,
  );
}
