// What the shell is given in place of createCore's core while the core runs in its own process:
// the process as the client sees it, the client's options, the hosted core's shape, and the answers
// a call gets when the process died under it, was left stopped or is closing, and the shell's answer
// to the core's printer calls (client.ts does the work).
import type { AppError, ConnectionState } from '../../common/contract.ts';
import { refusal, withEnglish } from '../../common/refusal.ts';
import type { CoreOptions, StartStep } from '../core-types.ts';
import type { Listener } from '../events.ts';
import type { Invoke } from '../ipc/dispatch.ts';
import type { LogLevel } from '../log.ts';
import type { Printer } from '../receipts/printer.ts';
import type { Installer } from '../updates/updates.ts';
import type { FromHost, ToHost } from './protocol.ts';

/** The core's process as the client sees it, whatever started it. */
export type HostProcess = {
  readonly pid: number | undefined;
  send(message: ToHost): void;
  onMessage(listener: (message: FromHost) => void): void;
  /** Once, when the process has ended, however it ended. */
  onExit(listener: () => void): void;
  kill(): void;
};
/** Starts one host process; a test may hold a restart back before it does. */
export type SpawnHost = () => HostProcess | Promise<HostProcess>;

/** More crashes than this within RESTART_WINDOW_MS: a core that dies as it starts is left stopped. */
export const MAX_RESTARTS = 3;
export const RESTART_WINDOW_MS = 60_000;

export type HostClientOptions = {
  spawn: SpawnHost;
  /** createCore's options; the printer stays here and answers the host's calls. */
  core: Omit<CoreOptions, 'printer' | 'starting'> & { printer?: Printer };
  /** The core's support log file: the shell's own lines go there while the core is down. */
  logFile: string;
  now?: () => number;
};

/** The Core the shell and the tests drive, with the process behind it. */
export type HostedCore = {
  invoke: Invoke;
  on(listener: Listener): () => void;
  log: Record<LogLevel, (event: string, detail?: unknown) => void> & { files(): string[] };
  updates: {
    available(version: string | null): void;
    setInstaller(installer: Installer): void;
    feed(url: string | null): Promise<string | null>;
    /** Asked by the shell's installer: the core's policy allowed the install a moment before. */
    decide(): { allowed: boolean };
  };
  /** The core process's id now (it changes on every restart). */
  readonly pid: number | undefined;
  readonly connection: ConnectionState;
  close(): Promise<void>;
};

/** A start the shell watches (client.ts beginHostClient). */
export type HostStart = {
  /** The core once its process is up; rejects with why it did not start. */
  ready: Promise<HostedCore>;
  /** The step of its start the core last named; null before it named one (the process starting). */
  readonly step: StartStep | null;
  /** Ends a start that does not finish and begins another with a new process (Try again). */
  retry(): void;
  /** The agent quits while it starts: the process ends, and `ready` rejects. */
  close(): Promise<void>;
};

/** A process that died before its core was up, with no reason given: a crash, tried again. */
export const ENDED_AS_IT_STARTED = 'The core process ended as it started.';

/** The host could not build the core: the reason is already in the agent's words. */
export class HostStartError extends Error {
  override readonly name = 'HostStartError';
}

/** A call that was with the core when it died. */
export function coreStoppedError(localId: number | undefined): AppError {
  return {
    kind: 'outcome_unknown',
    ...withEnglish(refusal('core.restarting')),
    cash: 'hold',
    ...(localId !== undefined ? { localId } : {}),
  };
}

/** Every call once the core has stopped for good. */
export const CORE_GAVE_UP: AppError = {
  kind: 'internal',
  ...withEnglish(refusal('core.gaveUp')),
  cash: 'hold',
};

/** Every call once the shell is closing the core. */
export const CLOSING: AppError = { kind: 'conflict', ...withEnglish(refusal('core.closing')), cash: 'none' };

/** The operation a call is about, so the screen showing it can follow it once the core is back. */
export function localIdOf(request: unknown): number | undefined {
  const localId = (request as { localId?: unknown } | null)?.localId;
  return typeof localId === 'number' ? localId : undefined;
}

/** The shell's answer to a call the core made of its printer (or why there is none). */
export async function answerShellCall(
  printer: Printer | undefined,
  message: Extract<FromHost, { type: 'shell.call' }>,
): Promise<ToHost> {
  try {
    if (!printer) throw new Error('No printer in this shell.');
    const method = message.call.slice('printer.'.length) as keyof Printer;
    const value = await (printer[method] as (...args: unknown[]) => Promise<unknown>)(...message.args);
    return { type: 'shell.reply', id: message.id, ok: true, value };
  } catch (error) {
    return { type: 'shell.reply', id: message.id, ok: false, message: String(error) };
  }
}
