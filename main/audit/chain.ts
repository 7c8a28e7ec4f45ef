// Tamper evidence over the money tables: the hash chain (main/store/chain.ts) recomputed from the
// rows as they stand, and its head's seal checked with the key only the OS keychain holds. Run at
// start and at each shift close. A break (an edited row, a deleted row, a missing append-only
// trigger, a bad seal) is logged, told to the supervisor in DeskState.integrity, and written into
// the audit trail, so it survives a restart and the next Z report prints it.
import { timingSafeEqual } from 'node:crypto';
import type { ChainHead, Integrity } from '../../common/contract.ts';
import type { Log } from '../log.ts';
import { CHAINED, chainHash, LINK_GUARDS, sealMac } from '../store/chain.ts';
import type { Store } from '../store/index.ts';
import type { Vault } from '../vault/index.ts';
import type { AuditTrail } from './trail.ts';

export const CHAIN_BROKEN = 'chain_broken';

/** How often, and how far apart, a missing key is asked for again before a new one is made. */
const KEY_READS = 10;
const KEY_READ_PAUSE_MS = 100;

/** Enough to act on; the rest is counted. */
const MAX_FINDINGS = 20;

export type ChainCheck = { links: number; findings: string[] };

/** Every break in the chain as it stands, in plain words; none when it is whole. */
export function checkChain(store: Store, key: Buffer | null): ChainCheck {
  const findings: string[] = [];
  const triggers = store.chain.triggers();
  for (const { table, guards } of [...CHAINED, { table: 'chain_links', guards: LINK_GUARDS }]) {
    for (const guard of guards) {
      if (!triggers.has(guard)) {
        findings.push(`The database's guard ${guard}, which keeps ${table} from being changed, was removed.`);
      }
    }
  }
  const rows = new Map(CHAINED.map((t) => [t.table, store.chain.contents(t.table)]));
  const links = store.chain.links();
  let prev = '';
  let seq = 0;
  for (const link of links) {
    if (link.seq !== seq + 1) findings.push(`Links ${seq + 1} to ${link.seq - 1} of the chain were deleted.`);
    else if (link.prevHash !== prev)
      findings.push(`Link ${link.seq} of the chain does not follow the one before it.`);
    const content = rows.get(link.table)?.get(link.rowId);
    if (content === undefined) {
      findings.push(`Row ${link.rowId} of ${link.table} was deleted.`);
    } else {
      rows.get(link.table)!.delete(link.rowId);
      if (chainHash(link.prevHash, content) !== link.hash) {
        findings.push(`Row ${link.rowId} of ${link.table} was changed after it was written.`);
      }
    }
    prev = link.hash;
    seq = link.seq;
  }
  for (const [table, unlinked] of rows) {
    for (const id of unlinked.keys()) findings.push(`Row ${id} of ${table} was written outside CashDesk.`);
  }
  const seal = store.chain.seal();
  if (!seal) {
    if (links.length > 0) findings.push("The chain's seal was removed.");
  } else if (
    seal.seq !== seq ||
    seal.hash !== prev ||
    !key ||
    !seal.mac ||
    !sameHex(seal.mac, sealMac(key, seal.seq, seal.hash))
  ) {
    findings.push("The chain's seal does not match: the money tables were rewritten outside CashDesk.");
  }
  if (findings.length > MAX_FINDINGS) {
    const more = findings.length - MAX_FINDINGS;
    findings.splice(MAX_FINDINGS, more, `… and ${more} more breaks.`);
  }
  return { links: links.length, findings };
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function createChainGuard(deps: {
  store: Store;
  vault: Pick<Vault, 'chainKey'>;
  audit: AuditTrail;
  log: Log;
}) {
  const { store, audit, log } = deps;
  let key: Buffer | null = null;
  let checkedAt: string | null = null;

  /**
   * The key from the keychain. A chain already sealed must have one: a Secret Service may answer
   * "none" for a moment after a write, so it is asked again before a new key is made (and the old
   * seal then reads as broken, which it is to anyone checking).
   */
  async function chainKey(): Promise<{ key: Buffer; created: boolean }> {
    if (store.chain.seal() === undefined) return (await deps.vault.chainKey(true))!;
    for (let attempt = 0; attempt < KEY_READS; attempt++) {
      const stored = await deps.vault.chainKey(false);
      if (stored) return stored;
      await new Promise((resolve) => setTimeout(resolve, KEY_READ_PAUSE_MS));
    }
    log.error('chain_key_missing', {});
    return (await deps.vault.chainKey(true))!;
  }

  /** Checks the chain; a break not yet recorded since the last Z report is recorded now. */
  function verify(): ChainCheck {
    const started = performance.now();
    const result = checkChain(store, key);
    checkedAt = new Date().toISOString();
    const known = new Set(recorded().map((f) => f.message));
    const fresh = result.findings.filter((message) => !known.has(message));
    for (const message of fresh) audit.record(CHAIN_BROKEN, { message }, null);
    const ms = Math.round(performance.now() - started);
    if (result.findings.length) log.error('chain_broken', { findings: result.findings, links: result.links });
    else log.info('chain_verified', { links: result.links, ms });
    return result;
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
     * Takes the key from the keychain (made on first start), links the rows of a database from
     * before the chain existed, and checks the chain. Before anything else writes.
     */
    async start(): Promise<ChainCheck> {
      const made = await chainKey();
      key = made.key;
      store.chain.setKey(made.key);
      // Only with a key made just now: a chain that was begun and lost its seal is a finding.
      if (made.created && !store.chain.seal() && store.chain.head().seq === 0) {
        const linked = store.chain.adopt();
        log.info('chain_begun', { linked });
      }
      return verify();
    },
    verify,
    head: (): ChainHead => store.chain.head(),
    integrity: (): Integrity => ({ checkedAt, findings: recorded() }),
  };
}

export type ChainGuard = ReturnType<typeof createChainGuard>;
