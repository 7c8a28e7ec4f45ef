// The shell's own words: what main shows in the window when the screen itself cannot (the desk
// still starting, the screen failed for good). Plain objects as the print catalogue is, so common/
// stays free of i18next; placeholders are i18next's {{name}}.
export const shellEn = {
  starting: 'CashDesk is starting…',
  waiting: {
    heading: 'CashDesk is still starting',
    /** What it waits for, by the start's last step the core named (main/host/start-steps.ts). */
    process: 'It has been waiting {{seconds}} seconds for its own process to start on this computer.',
    data: "It has been waiting {{seconds}} seconds for its data folder and database on this computer's disk. A disk that is very busy or failing can do this.",
    keychain:
      'It has been waiting {{seconds}} seconds for the system keychain, where the gateway token is kept. The keychain may be locked, or asking for a password in another window: unlock it, then try again.',
    services: 'It has been waiting {{seconds}} seconds for its own services to start.',
    safe: 'Nothing is lost: every operation is saved on this computer.',
    retry: 'Try again',
    quit: 'Quit',
  },
  failed: {
    heading: 'The screen stopped working',
    body: 'The CashDesk screen failed several times in a row. Nothing was lost: every operation is saved in the CashDesk database. Restart CashDesk to go on.',
    restart: 'Restart CashDesk',
  },
  cannotStart: {
    title: 'CashDesk cannot start',
    newerVersion:
      'This data was written by a newer CashDesk (schema {{found}}; this app knows {{known}}). Install that version or newer. The data is left untouched.',
    unreadable:
      'CashDesk cannot open its database: the file is damaged, or another program holds it. Restart the computer; if it persists, a supervisor restores the latest backup. ({{detail}})',
    keychain:
      'The system keychain, where the gateway token is kept, did not answer: {{detail}} Sign in to the computer again or restart it, then start CashDesk.',
    other: 'CashDesk could not start: {{detail}}',
    log: 'The details are in the log file:\n{{file}}\n\nSend it to support if this persists.',
  },
};

export type ShellCatalogue = typeof shellEn;
