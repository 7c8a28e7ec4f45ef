// What createCore takes and gives: the options, the core the shell and the tests drive, and the
// probe only tests and benchmarks see. Apart from core.ts so that file stays a list of the wiring.

import type { Clock } from './clock.ts';
import type { Listener } from './events.ts';
import type { GatewayTuning } from './gateway/gateways.ts';
import type { Invoke } from './ipc/dispatch.ts';
import type { Log } from './log.ts';
import type { LookupPolicy } from './lookups/queue.ts';
import type { Printer } from './receipts/printer.ts';
import type { Sandbox } from './sandbox/server.ts';
import type { PinPolicy } from './staff/pin-guard.ts';
import type { ScryptParams } from './staff/pin-hash.ts';
import type { TrainingGateway } from './training/gateway.ts';
import type { Updates } from './updates/updates.ts';

export type DayOptions = {
  pins?: Partial<PinPolicy>;
  /** scrypt's cost for new PIN hashes (tests that search every PIN offline make it cheap). */
  pinHash?: ScryptParams;
  supervisorGrantMs?: number;
  /** How often a Z report left "not reconciled" is tried again. */
  reconcileRetryMs?: number;
  /** Overrides the idle minutes of the desk's settings (tests lock in milliseconds). */
  idleLockMs?: number;
};

/**
 * The steps of a start, in order, as the core names them while it starts: its data folder and
 * database, the system keychain (the chain's key is read there), then its services. A start that
 * hangs is named by the last one (the shell's page says what the desk waits for).
 */
export type StartStep = 'data' | 'keychain' | 'services';

export type CoreOptions = {
  dataDir: string;
  /** The keychain service name; tests use their own so they never touch the real entries. */
  keychainService?: string;
  /** A training gateway already running (tests, the browser preview). Otherwise one runs while the desk is in training. */
  training?: TrainingGateway;
  gateway?: GatewayTuning;
  lookups?: Partial<LookupPolicy>;
  /** The time and timers of lookups, checkout, PIN waits, grants, the idle lock and reconciliation retries (tests move it). */
  clock?: Clock;
  /** The head office's upload: the wait before a failed batch goes again, and each request's timeout. */
  headOffice?: { backoff?: { minMs: number; maxMs: number }; timeoutMs?: number };
  /** PIN waits, the supervisor's unlocked time, reconciliation retries (tests shorten them). */
  day?: DayOptions;
  version?: string;
  /** Electron's and Chromium's versions, from the shell, for the diagnostics zip. */
  runtime?: { electron: string; chrome: string };
  /** The computer's preferred languages, most preferred first (Electron's app.getPreferredSystemLanguages()): a new desk starts in the first it speaks. */
  systemLanguages?: string[];
  /**
   * The desk's time zone (IANA), from the shell: what it prints its times in. The core's own
   * process may not see the machine's (a utility process read UTC, and receipts said "08:08 AM
   * UTC" beside a screen in Almaty's time); without it the core's own zone is taken.
   */
  timeZone?: string;
  /** Puts receipts on paper and into PDFs: Electron's in the shell, Chromium's in tests and the preview. */
  printer?: Printer;
  /** Told each step of the start as it begins (the host passes it on to the shell). */
  starting?: (step: StartStep) => void;
};

export type Core = {
  /** Validates the request against the contract, runs the handler, and never throws. */
  invoke: Invoke;
  on(listener: Listener): () => void;
  /** The support log, for what the shell itself must record (a refused IPC sender). */
  log: Log;
  /** The training gateway this core started itself, while it runs (only in training). */
  readonly sandbox: Sandbox | null;
  /** For the shell's updater: what it downloaded, and how to install once the policy allows. */
  updates: Pick<Updates, 'available' | 'decide' | 'setInstaller' | 'feed'>;
  close(): Promise<void>;
};

/** What tests and benchmarks may watch, kept off the `Core` the shell gets. */
export type CoreProbe = {
  /** Resolves when no lookup is queued or in flight. */
  idle(): Promise<void>;
  /** The most lookups ever in flight at once for one operation, beyond the first. */
  duplicateInflight(): number;
  /** Commits synced to disk so far (what durability costs). */
  durableCommits(): number;
  /** Runs one statement on the core's own connection (a full disk is brought about this way). */
  sql(statement: string): unknown[];
  /** Resolves once the chain's check (which follows every start, a page at a time) has ended. */
  chainChecked(): Promise<void>;
  /** Resolves once no upload to the head office is in flight. */
  headOfficeIdle(): Promise<void>;
};
