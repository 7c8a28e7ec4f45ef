// The start of the desk, and what happens when it cannot start: a database written by a newer
// CashDesk after a downgrade, a file that cannot be read, a keychain that does not answer. Without
// this the window never appears and the process lingers unseen; with it the agent reads why, in plain
// words, with the log's path for whoever supports them, and the app quits with a non-zero code.
// Typed against Electron, but app and dialog are arguments, so it runs (and is tested) under Node.
import type { App, Dialog } from 'electron';
import { HostStartError } from '../host/hosted-core.ts';
import { createLog } from '../log.ts';
import { StoreError } from '../store/open.ts';
import { VaultError } from '../vault/index.ts';

/** What the process exits with when the desk cannot start (a supervisor's script can tell it apart). */
export const STARTUP_FAILED_EXIT_CODE = 2;

export type StartupShell = {
  app: Pick<App, 'exit'>;
  dialog: Pick<Dialog, 'showErrorBox'>;
  /** The support log (data/cashdesk.log): the failure is written there before the dialog shows. */
  logFile: string;
};

/** Why the desk cannot start, in the agent's words, with the next step. */
export function startupReason(error: unknown): string {
  if (error instanceof StoreError) {
    if (error.kind === 'newer_version' && error.schema) {
      const { found, known } = error.schema;
      return `This data was written by a newer CashDesk (schema ${found}; this app knows ${known}). Install that version or newer. The data is left untouched.`;
    }
    if (error.kind === 'unreadable') {
      return `CashDesk cannot open its database: the file is damaged, or another program holds it. Restart the computer; if it persists, a supervisor restores the latest backup. (${error.message})`;
    }
    return error.message;
  }
  // The core's own process said why, in these words already (it asked this function itself).
  if (error instanceof HostStartError) return error.message;
  if (error instanceof VaultError) {
    return `The system keychain, where the gateway token is kept, did not answer: ${error.message} Sign in to the computer again or restart it, then start CashDesk.`;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `CashDesk could not start: ${detail}`;
}

/** Runs the start; on failure logs it, shows why, and quits. True when the desk started. */
export async function runStartup(shell: StartupShell, start: () => Promise<void>): Promise<boolean> {
  try {
    await start();
    return true;
  } catch (error) {
    const reason = startupReason(error);
    try {
      // The core's log never opened: this one writes the same file, through the same redaction.
      const log = createLog(shell.logFile);
      log.error('startup_failed', { reason, error });
      // Written off the event loop: on disk before the modal dialog and the exit.
      await log.flush();
    } catch {
      // A data folder that cannot even be listed: the dialog still says why.
    }
    shell.dialog.showErrorBox(
      'CashDesk cannot start',
      `${reason}\n\nThe details are in the log file:\n${shell.logFile}\n\nSend it to support if this persists.`,
    );
    shell.app.exit(STARTUP_FAILED_EXIT_CODE);
    return false;
  }
}
