// The start of the desk, and what happens when it cannot start: a database written by a newer
// CashDesk after a downgrade, a file that cannot be read, a keychain that does not answer. Without
// this the window never appears and the process lingers unseen; with it the agent reads why, in plain
// words, with the log's path for whoever supports them, and the app quits with a non-zero code.
// Typed against Electron, but app and dialog are arguments, so it runs (and is tested) under Node.
import type { App, Dialog } from 'electron';
import type { Language } from '../../common/enums.ts';
import { HostStartError } from '../host/hosted-core.ts';
import { fill, SHELL_WORDS } from '../host/shell-pages.ts';
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
  /** The language the dialog speaks: the shell's (main/host/shell-language.ts); English if none. */
  language?: () => Language;
};

/** Why the desk cannot start, in the agent's words and language, with the next step. */
export function startupReason(error: unknown, language: Language = 'en'): string {
  const words = SHELL_WORDS[language].cannotStart;
  if (error instanceof StoreError) {
    if (error.kind === 'newer_version' && error.schema) return fill(words.newerVersion, error.schema);
    if (error.kind === 'unreadable') return fill(words.unreadable, { detail: error.message });
    return error.message;
  }
  // The core's own process said why, in these words already (it asked this function itself).
  if (error instanceof HostStartError) return error.message;
  if (error instanceof VaultError) return fill(words.keychain, { detail: error.message });
  return fill(words.other, { detail: error instanceof Error ? error.message : String(error) });
}

/** Runs the start; on failure logs it, shows why, and quits. True when the desk started. */
export async function runStartup(shell: StartupShell, start: () => Promise<void>): Promise<boolean> {
  try {
    await start();
    return true;
  } catch (error) {
    const language = shell.language?.() ?? 'en';
    const reason = startupReason(error, language);
    try {
      // The core's log never opened: this one writes the same file, through the same redaction.
      const log = createLog(shell.logFile);
      log.error('startup_failed', { reason, error });
      // Written off the event loop: on disk before the modal dialog and the exit.
      await log.flush();
    } catch {
      // A data folder that cannot even be listed: the dialog still says why.
    }
    const words = SHELL_WORDS[language].cannotStart;
    shell.dialog.showErrorBox(words.title, `${reason}\n\n${fill(words.log, { file: shell.logFile })}`);
    shell.app.exit(STARTUP_FAILED_EXIT_CODE);
    return false;
  }
}
