// Tamper evidence over the money tables: the hash chain (main/store/chain-links.ts) recomputed from the
// rows as they stand, and its head's seal checked with the key only the OS keychain holds. Run at
// start and at each shift close. A break (an edited row, a deleted row, a missing append-only
// trigger, a bad seal) is logged, told to the supervisor in DeskState.integrity, and written into
// the audit trail, so it survives a restart and the next Z report prints it.
import { timingSafeEqual } from 'node:crypto';
import type { ChainHead, Integrity } from '../../common/contract.ts';
import { type Clock, sleep } from '../clock.ts';
import type { Log } from '../log.ts';
import { CHAINED, type ChainLink, chainHash, LINK_GUARDS, sealMac } from '../store/chain-links.ts';
import type { Store } from '../store/index.ts';
import type { Vault } from '../vault/index.ts';
import type { AuditTrail } from './trail.ts';

export const CHAIN_BROKEN = 'chain_broken';

const NO_KEYCHAIN =
  "The system keychain cannot be reached: the chain's seal can be neither made nor checked until it can.";

/** How often, and how far apart, a missing key is asked for again before a new one is made. */
const KEY_READS = 20;
const KEY_READ_PAUSE_MS = 150;

/** Enough to act on; the rest is counted. */
const MAX_FINDINGS = 20;

export type ChainCheck = { links: number; findings: string[] };

/**
 * Links (and rows) read at a time; between pages the check gives the event loop a turn. A page of
 * 1,000 takes some 10-20 ms: the counter stays answered while the close checks the chain.
 */
const PAGE = 1_000;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every break in the chain as it stands, in plain words; none when it is whole. Read a page at a
 * time, so a long chain neither holds the desk still nor all its rows in memory.
 */
/**
 * Checks every link, a page at a time. `stopped`: asked between pages; a check stopped on the way
 * (the core closing) answers null and finds nothing.
 */
export async function checkChain(
  store: Pick<Store, 'chain'>,
  key: Buffer | null,
  stopped: () => boolean = () => false,
): Promise<ChainCheck | null> {
  const findings: string[] = [];
  const triggers = store.chain.triggers();
  for (const { table, guards } of [...CHAINED, { table: 'chain', guards: LINK_GUARDS }]) {
    for (const guard of guards) {
      if (!triggers.has(guard)) {
        findings.push(`The database's guard ${guard}, which keeps ${table} from being changed, was removed.`);
      }
    }
  }
  const { count, last } = store.chain.stats();
  let prev: string | null = '';
  // Each table's links whose row is there: a row is linked once at most (UNIQUE (tbl, row_id)).
  const linkedRows = new Map<string, number>();
  let missingFrom = 0;
  const missing = (to: number) => {
    if (!missingFrom) return;
    findings.push(
      missingFrom === to
        ? `Link ${to} of the chain was deleted.`
        : `Links ${missingFrom} to ${to} of the chain were deleted.`,
    );
    missingFrom = 0;
  };
  for (let from = 1; from <= last; from += PAGE) {
    const to = Math.min(last, from + PAGE - 1);
    const page: (ChainLink | undefined)[] = new Array(to - from + 1);
    // Only the tables the page links: each table's read walks the whole page.
    for (const table of store.chain.tablesIn(from, to)) {
      for (const link of store.chain.links(table, from, to)) page[link.seq - from] = link;
    }
    for (let i = 0; i < page.length; i++) {
      const link = page[i];
      if (!link) {
        missingFrom ||= from + i;
        prev = null;
        continue;
      }
      missing(link.seq - 1);
      // Each link's hash covers the one before it: after a deleted link there is none to cover.
      if (link.content !== null) linkedRows.set(link.table, (linkedRows.get(link.table) ?? 0) + 1);
      if (link.content === null) findings.push(`Row ${link.rowId} of ${link.table} was deleted.`);
      else if (prev !== null && chainHash(prev, link.content) !== link.hash) {
        findings.push(`Row ${link.rowId} of ${link.table} was changed after it was written.`);
      }
      prev = link.hash;
    }
    await turn();
    if (stopped()) return null;
  }
  missing(last);
  for (const { table } of CHAINED) {
    // As many rows as linked rows: every row is linked, and none needs looking up. Otherwise (a row
    // written outside CashDesk, or by the desk since the links were read) each row is looked up.
    if (store.chain.count(table) === (linkedRows.get(table) ?? 0)) continue;
    for (let after = 0; ; ) {
      const rows = store.chain.rows(table, after, PAGE);
      for (const row of rows) {
        if (!row.linked) findings.push(`Row ${row.id} of ${table} was written outside CashDesk.`);
      }
      if (rows.length < PAGE) break;
      after = rows.at(-1)!.id;
      await turn();
      if (stopped()) return null;
    }
  }
  const seal = checkSeal(store, key);
  if (seal) findings.push(seal);
  if (findings.length > MAX_FINDINGS) {
    const more = findings.length - MAX_FINDINGS;
    findings.splice(MAX_FINDINGS, more, `… and ${more} more breaks.`);
  }
  return { links: count, findings };
}

/** What is wrong with the seal over the head, if anything. Cheap: no link is read but the last. */
export function checkSeal(store: Pick<Store, 'chain'>, key: Buffer | null): string | null {
  if (!key) return NO_KEYCHAIN;
  const head = store.chain.head();
  const seal = store.chain.seal();
  if (!seal) return head.seq > 0 ? "The chain's seal was removed." : null;
  const valid =
    seal.seq === head.seq &&
    seal.hash === head.hash &&
    seal.mac !== null &&
    sameHex(seal.mac, sealMac(key, seal.seq, seal.hash));
  return valid ? null : "The chain's seal does not match: the money tables were rewritten outside CashDesk.";
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function createChainGuard(deps: {
  store: Pick<Store, 'chain'>;
  vault: Pick<Vault, 'chainKey' | 'chainHead' | 'setChainHead'>;
  audit: AuditTrail;
  log: Log;
  /** A check ended: DeskState.integrity may have changed. */
  changed: () => void;
  /** Times the pause between the keychain's reads. */
  clock: Clock;
}) {
  const { store, audit, log } = deps;
  let key: Buffer | null = null;
  let checkedAt: string | null = null;
  let running: Promise<ChainCheck> | null = null;
  let sealAtStart: string | null = null;
  let stopping = false;

  /**
   * The key from the keychain. A chain already sealed must have one: a Secret Service may answer
   * "none" for a moment after a write, so it is asked again before a new key is made (and the old
   * seal then reads as broken, which it is to anyone checking).
   */
  async function chainKey(): Promise<{ key: Buffer; created: boolean }> {
    if (store.chain.seal() === undefined) return (await deps.vault.chainKey(true))!;
    for (let attempt = 0; attempt < KEY_READS; attempt++) {
      // A busy Secret Service may also fail a read outright: asked again all the same.
      const stored = await deps.vault.chainKey(false).catch(() => null);
      if (stored) return stored;
      await sleep(deps.clock, KEY_READ_PAUSE_MS);
    }
    log.error('chain_key_missing', {});
    return (await deps.vault.chainKey(true))!;
  }

  /** Checks the chain; a break not yet recorded since the last Z report is recorded now. */
  async function check(): Promise<ChainCheck> {
    const started = performance.now();
    const result = await checkChain(store, key, () => stopping);
    // Stopped for the close: nothing was found, and nothing is said of a check not finished.
    if (!result) return { links: 0, findings: [] };
    // The seal as found at start: any write since (this desk's own) has sealed the head again.
    if (sealAtStart && !result.findings.includes(sealAtStart)) result.findings.push(sealAtStart);
    sealAtStart = null;
    checkedAt = new Date().toISOString();
    const known = new Set(recorded().map((f) => f.message));
    for (const message of result.findings) {
      if (!known.has(message)) audit.record(CHAIN_BROKEN, { message }, null);
    }
    // Where this desk has got to, so a database put back from an older copy is told at its start.
    await deps.vault
      .setChainHead(store.chain.head())
      .catch((error) => log.warn('chain_head_not_kept', { error }));
    const ms = Math.round(performance.now() - started);
    if (result.findings.length)
      log.error('chain_broken', { findings: result.findings, links: result.links, ms });
    else log.info('chain_verified', { links: result.links, ms });
    deps.changed();
    return result;
  }

  /** One check at a time: a close during the check at start waits for it, then checks again. */
  function verify(): Promise<ChainCheck> {
    const next: Promise<ChainCheck> = (running ?? Promise.resolve())
      .catch(() => undefined)
      .then(check)
      .finally(() => {
        if (running === next) running = null;
      });
    running = next;
    return next;
  }

  /**
   * A database that does not reach the head this desk last checked, or holds another link there,
   * was put back from a copy (a restore) or rolled back: recorded, with how far it reaches now.
   */
  async function noteRestore() {
    const known = await deps.vault.chainHead().catch(() => null);
    if (!known || store.chain.hashAt(known.seq) === known.hash || known.seq === 0) return;
    const now = store.chain.head();
    log.warn('chain_restored', { from: known.seq, to: now.seq });
    audit.record('restored', { lastCheckedRecords: known.seq, recordsNow: now.seq }, null);
  }

  /** The breaks recorded since the last Z report: they stay on screen until one has printed them. */
  function recorded(): Integrity['findings'] {
    return audit
      .sinceLastZ()
      .filter((entry) => entry.kind === CHAIN_BROKEN)
      .map((entry) => ({ at: entry.at, message: String(entry.detail.message) }));
  }

  return {
    /**
     * Takes the key from the keychain (made on first start) and links the rows of a database from
     * before the chain existed: before anything else writes. The check itself runs behind, a page
     * at a time (verify), so a long history does not hold the desk's start.
     */
    async start(): Promise<void> {
      // Without a keychain the desk still opens (training needs none); the check says what is missing.
      const made = await chainKey().catch((error: unknown) => {
        log.error('chain_key_unavailable', { error });
        return null;
      });
      sealAtStart = NO_KEYCHAIN;
      if (!made) return;
      key = made.key;
      store.chain.setKey(made.key);
      // Only with a key made just now: a chain that was begun and lost its seal is a finding.
      if (made.created && !store.chain.seal() && store.chain.head().seq === 0) {
        const linked = store.chain.adopt();
        log.info('chain_begun', { linked });
      }
      // Before this desk writes anything: its first write seals whatever head it finds.
      sealAtStart = checkSeal(store, key);
      await noteRestore();
    },
    verify,
    /** Resolves once no check is running (the store may close). */
    idle: async () => {
      await running?.catch(() => undefined);
    },
    /** The core is closing: a check under way stops at its next page instead of reading the whole history. */
    stop() {
      stopping = true;
    },
    head: (): ChainHead => store.chain.head(),
    integrity: (): Integrity => ({ checkedAt, findings: recorded() }),
  };
}

export type ChainGuard = ReturnType<typeof createChainGuard>;
