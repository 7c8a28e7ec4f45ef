// The head office in tests: a real HQ server on a real PostgreSQL database, staff signed in over
// HTTP, and simulated desks that write hash-chained journals exactly as the contract says.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { after, before, type TestContext } from 'node:test';
import {
  type EntryBody,
  type EntryKind,
  GENESIS_HASH,
  type JournalEntry,
  type UnhashedEntry,
} from '../../common/journal-entry.ts';
import { add, subtract } from '../../common/money.ts';
import { deskKeyPair, deskPrivateKey, signBatch } from '../../common-node/batch-signature.ts';
import { sealEntry } from '../../common-node/journal-hash.ts';
import { type Db, pgDb } from '../../hq/server/db.ts';
import { firstAdmin, type RunningHq, startHq } from '../../hq/server/start.ts';
import { type Postgres, startPostgres } from './postgres.ts';

const MAIN = join(import.meta.dirname, '..', '..', 'hq', 'server', 'main.ts');

/** `npm run hq`'s entry point as a child process on `databaseUrl`; resolves once it prints its URL. */
export function spawnHq(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; output: string[] }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      output.push(...text.split('\n').filter(Boolean));
      const url = output.join('\n').match(/Head office at (http:\/\/\S+)/)?.[1];
      if (url) resolve({ child, url, output });
    });
    child.stderr!.setEncoding('utf8').on('data', (text: string) => output.push(text));
    child.once('exit', (code) => reject(new Error(`HQ exited (${code}): ${output.join('\n')}`)));
  });
}

export type TestHq = RunningHq & { db: Db; databaseUrl: string; admin: Staff };

export async function startTestHq(t: TestContext, pg: Postgres): Promise<TestHq> {
  const hq = await openTestHq(pg);
  t.after(hq.stop);
  return hq;
}

/**
 * An HQ on a database of its own, until `stop`: a test's (startTestHq), or one a whole file shares
 * where each test enrols terminals of its own, since an HQ costs some 0.7 s of CPU to start.
 */
export async function openTestHq(pg: Postgres): Promise<TestHq & { stop(): Promise<void> }> {
  const databaseUrl = await pg.createDatabase();
  const db = pgDb(databaseUrl);
  const hq = await startHq(db);
  const stop = async () => {
    await hq.close();
    await db.close();
  };
  try {
    const login = (await firstAdmin(db))!;
    const admin = await signIn(hq.url, login.username, login.password);
    return { ...hq, db, databaseUrl, admin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * One PostgreSQL and one HQ for a whole test file, where each test enrols terminals of its own:
 * started before the file's first test, stopped after its last. Read it inside tests only.
 */
export function hqForFile(): TestHq {
  const shared = {} as TestHq;
  let pg: Postgres | undefined;
  let stop: (() => Promise<void>) | undefined;
  before(async () => {
    pg = await startPostgres();
    const hq = await openTestHq(pg);
    stop = hq.stop;
    Object.assign(shared, hq);
  });
  after(async () => {
    await stop?.();
    await pg?.stop();
  });
  return shared;
}

/** A signed-in member of staff: their cookie and CSRF token, and requests made with them. */
export type Staff = {
  cookie: string;
  csrf: string;
  get(path: string): Promise<Response>;
  post(path: string, body?: unknown): Promise<Response>;
};

export async function signIn(url: string, username: string, password: string): Promise<Staff> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in ${response.status}: ${await response.text()}`);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const { csrf } = (await response.json()) as { csrf: string };
  return {
    cookie,
    csrf,
    get: (path) => fetch(`${url}${path}`, { headers: { cookie } }),
    post: (path, body = {}) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

export async function json<T = Record<string, unknown>>(response: Response | Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

/** A branch and an enrolment code for `terminalId`, made by the admin through the API. */
export async function enrolmentCodeFor(
  hq: TestHq,
  terminalId: string,
  branchName = 'Central',
): Promise<{ code: string; branchId: number }> {
  const branches = await json<{ branches: { id: number; name: string }[] }>(
    hq.admin.get('/api/admin/branches'),
  );
  let branchId = branches.branches.find((b) => b.name === branchName)?.id;
  if (!branchId)
    branchId = (await json<{ id: number }>(hq.admin.post('/api/admin/branches', { name: branchName }))).id;
  const { code } = await json<{ code: string }>(
    hq.admin.post('/api/admin/enrolment-codes', { branchId, terminalId }),
  );
  return { code, branchId };
}

/** A desk's journal and its upload, as the desk's outbox would do it: signed with its own key. */
export class SimDesk {
  readonly entries: JournalEntry[] = [];
  token = '';
  /** The key pair it registers at enrolment and signs its batches with. */
  readonly keys = deskKeyPair();
  private readonly privateKey = deskPrivateKey(this.keys.privateKeyPem);
  private clock = Date.parse('2026-11-20T08:00:00Z');
  readonly url: string;
  readonly terminalId: string;
  constructor(url: string, terminalId: string) {
    this.url = url;
    this.terminalId = terminalId;
  }

  static async enrol(hq: TestHq, terminalId: string, branchName = 'Central'): Promise<SimDesk> {
    const { code } = await enrolmentCodeFor(hq, terminalId, branchName);
    const desk = new SimDesk(hq.url, terminalId);
    const response = await fetch(`${hq.url}/api/desk/enrol`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, terminalId, deskPublicKey: desk.keys.publicKeyPem }),
    });
    if (response.status !== 200) throw new Error(`enrol ${response.status}: ${await response.text()}`);
    desk.token = ((await response.json()) as { deskToken: string }).deskToken;
    return desk;
  }

  /** Appends an entry to the journal (not uploaded yet). */
  record<K extends EntryKind>(kind: K, body: EntryBody<K>): JournalEntry {
    const previous = this.entries[this.entries.length - 1];
    this.clock += 1000;
    const entry = sealEntry({
      terminalId: this.terminalId,
      seq: this.entries.length + 1,
      at: new Date(this.clock).toISOString(),
      kind,
      body,
      prevHash: previous?.hash ?? GENESIS_HASH,
    } as UnhashedEntry);
    this.entries.push(entry);
    return entry;
  }

  /** This desk's signature over a batch ending with `entries`' last. */
  sign(entries: readonly JournalEntry[]): string {
    return signBatch(this.privateKey, entries[entries.length - 1]!.hash);
  }

  /** The request body of a batch, signed by this desk unless another `signature` (or none) is given. */
  uploadBody(entries: readonly JournalEntry[], signature: string | null = this.sign(entries)): string {
    return JSON.stringify(signature === null ? { entries } : { entries, signature });
  }

  upload(entries: readonly JournalEntry[], signature?: string | null): Promise<Response> {
    return fetch(`${this.url}/api/desk/journal`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: this.uploadBody(entries, signature),
    });
  }

  /** Uploads every entry after HQ's high-water, in batches; HQ's final high-water. */
  async sync(batch = 500): Promise<number> {
    let highWater = await this.highWater();
    while (highWater < this.entries.length) {
      const response = await this.upload(this.entries.slice(highWater, highWater + batch));
      const body = (await response.json()) as { highWater: number };
      if (response.status !== 200) throw new Error(`upload ${response.status}: ${JSON.stringify(body)}`);
      highWater = body.highWater;
    }
    return highWater;
  }

  async highWater(): Promise<number> {
    const response = await fetch(`${this.url}/api/desk/journal/high-water`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    return ((await response.json()) as { highWater: number }).highWater;
  }

  request(path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** A shift with one payin and one captured payout: the facts a day at the counter records. */
  day(prefix: string, options: { handOverPayout?: boolean } = {}): void {
    const shiftId = `${prefix}-S`;
    this.record('shift_opened', {
      shiftId,
      operator: 'Aigerim',
      float: [{ currency: 'KZT', amount: '10000.00' }],
    });
    this.record('operation_created', {
      operationNumber: `${prefix}-IN`,
      type: 'payin',
      amount: '1500.00',
      currency: 'KZT',
      instrument: 'cash',
      outcomeUnknown: false,
    });
    this.record('custody', {
      operationNumber: `${prefix}-IN`,
      action: 'received',
      amount: '1500.00',
      currency: 'KZT',
      operator: 'Aigerim',
    });
    this.record('operation_status', { operationNumber: `${prefix}-IN`, status: 'captured' });
    this.record('operation_created', {
      operationNumber: `${prefix}-OUT`,
      type: 'payout',
      amount: '700.00',
      currency: 'KZT',
      instrument: 'cash',
      outcomeUnknown: false,
    });
    this.record('operation_status', { operationNumber: `${prefix}-OUT`, status: 'captured' });
    if (options.handOverPayout !== false) {
      this.record('custody', {
        operationNumber: `${prefix}-OUT`,
        action: 'handed_over',
        amount: '700.00',
        currency: 'KZT',
        operator: 'Aigerim',
      });
    }
  }

  /**
   * The Z report of day(prefix, { handOverPayout: false })'s shift: its payin received, its payout
   * left open, `movementsIn` added, and `counted` in the drawer against what it should hold.
   */
  zReport(
    prefix: string,
    z: {
      number: number;
      counted: string;
      movementsIn?: string;
      headOffice?: EntryBody<'z_report'>['headOffice'];
    },
  ): void {
    const movementsIn = z.movementsIn ?? '0.00';
    const expected = add(add('10000.00', '1500.00'), movementsIn);
    this.record('z_report', {
      shiftId: `${prefix}-S`,
      number: z.number,
      operator: 'Aigerim',
      openedAt: '2026-11-20T08:00:01.000Z',
      closedAt: '2026-11-20T18:00:00.000Z',
      currencies: [
        {
          currency: 'KZT',
          float: '10000.00',
          received: '1500.00',
          handedOver: '0.00',
          returned: '0.00',
          movementsIn,
          movementsOut: '0.00',
          expected,
          counted: z.counted,
          variance: subtract(z.counted, expected),
        },
      ],
      openCash: [
        {
          operationNumber: `${prefix}-OUT`,
          type: 'payout',
          amount: '700.00',
          currency: 'KZT',
          reason: 'hand_over',
        },
      ],
      ...(z.headOffice && { headOffice: z.headOffice }),
    });
  }
}
