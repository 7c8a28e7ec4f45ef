// The host protocol: every message between the shell (the parent) and the core running in its own
// process (the host), declared once. Both ends use these types; the messages are structured clones
// (Electron's utilityProcess and Node's fork with serialization 'advanced'), so a PDF's bytes cross
// as a Uint8Array. Nothing here may be a function or a class: only what survives a clone.
import type { EventName, Paper, PrinterInfo, PrintResult, Result } from '../../common/contract.ts';
import type { CoreOptions, StartStep } from '../core-types.ts';
import type { LogLevel } from '../log.ts';
import type { PrintJob } from '../receipts/printer.ts';

/**
 * What createCore takes, as it crosses the boundary: the training gateway as its url and token,
 * and, instead of the printer object, whether the shell answers the printer's calls.
 */
export type HostOptions = Omit<CoreOptions, 'printer' | 'starting'> & { printer: boolean };

/** The core's calls to the shell, and what each answers. */
export type ShellCalls = {
  'printer.list': { args: []; reply: PrinterInfo[] };
  'printer.print': { args: [html: string, job: PrintJob]; reply: PrintResult };
  'printer.printToPdf': { args: [html: string, paper: Paper]; reply: Uint8Array };
  'printer.choosePdfPath': { args: [suggestedName: string]; reply: string | null };
  'printer.chooseCsvPath': { args: [suggestedName: string]; reply: string | null };
};
export type ShellCallName = keyof ShellCalls;

/** Parent to host. */
export type ToHost =
  | { type: 'start'; options: HostOptions }
  | { type: 'invoke'; id: number; channel: string; request: unknown }
  | { type: 'shell.reply'; id: number; ok: true; value: unknown }
  | { type: 'shell.reply'; id: number; ok: false; message: string }
  /** The shell's updater downloaded a version (null: withdrawn). */
  | { type: 'updates.available'; version: string | null }
  /** The shell can install: from now on the core's install goes to it (`updates.install` below). */
  | { type: 'updates.installer' }
  /** Which update URL the shell may follow for the settings' one (none on an unguarded desk). */
  | { type: 'updates.feed'; id: number; url: string | null }
  /** A line the shell itself must record, written by the core's log (which knows what to redact). */
  | { type: 'log'; level: LogLevel; event: string; detail: unknown }
  | { type: 'close' };

/** Host to parent. */
export type FromHost =
  /** The core begins this step of its start (a start that hangs is named by the last one). */
  | { type: 'starting'; step: StartStep }
  | { type: 'ready' }
  /** createCore failed: the reason in the agent's words (startupReason), for the shell's dialog. */
  | { type: 'start.failed'; reason: string }
  | { type: 'result'; id: number; result: Result<unknown> }
  | { type: 'event'; event: EventName; payload: unknown }
  | {
      [C in ShellCallName]: { type: 'shell.call'; id: number; call: C; args: ShellCalls[C]['args'] };
    }[ShellCallName]
  /** The core's policy allowed an install the agent accepted: the shell installs now. */
  | { type: 'updates.install' }
  | { type: 'updates.feed'; id: number; url: string | null }
  | { type: 'closed' };

/** One end of the channel, whatever carries it: Electron's parentPort, Node's IPC, a test's pair. */
export type Port<In, Out> = {
  send(message: Out): void;
  on(listener: (message: In) => void): void;
};
