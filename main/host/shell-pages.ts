// The shell's own pages, for when the screen itself cannot speak: the desk still starting, waiting
// on a step of its start, and the screen failed for good. Each is a small self-contained HTML page
// built here from the shell's catalogue and loaded as a data: URL, never the renderer's bundle:
// no script at all (its CSP allows none), its one style pinned by hash, and nothing fetched. A
// button is a link to an app:// action address that main catches as the window starts to navigate
// (shell-window.ts) and never lets load; outside the pages that offer it, the address is refused.
import { createHash } from 'node:crypto';
import type { Language } from '../../common/enums.ts';
import { type ShellCatalogue, shellEn } from '../../common/i18n/shell.en.ts';
import { shellKk } from '../../common/i18n/shell.kk.ts';
import { shellRu } from '../../common/i18n/shell.ru.ts';
import type { StartStep } from '../core-types.ts';
import { APP_ORIGIN } from '../ipc/guard.ts';
import { escapeHtml } from '../receipts/html.ts';

/** The shell's words in each language: its pages, and the dialog of a desk that cannot start. */
export const SHELL_WORDS: Record<Language, ShellCatalogue> = { en: shellEn, ru: shellRu, kk: shellKk };

const SHELL_ACTIONS = ['retry', 'quit', 'restart'] as const;
export type ShellAction = (typeof SHELL_ACTIONS)[number];

const ACTION_PATH = '/shell/';
export const actionUrl = (action: ShellAction): string => `${APP_ORIGIN}${ACTION_PATH}${action}`;

/** The action an address asks for, or null when it is no action's address. */
export function shellActionOf(url: string): ShellAction | null {
  return SHELL_ACTIONS.find((action) => url === actionUrl(action)) ?? null;
}

/** A page and the actions its buttons ask for (only these are taken while it shows). */
export type ShellPage = { url: string; actions: readonly ShellAction[] };

const STYLE = [
  'html{background:#f6f7f9;color:#1b1f24;font:18px/1.5 system-ui,"Segoe UI",sans-serif}',
  'main{max-width:40em;margin:15vh auto;padding:0 1.5em}',
  'h1{font-size:1.6em;margin:0 0 .6em}',
  'p{margin:0 0 1em}',
  'nav{display:flex;gap:1em;margin-top:1.5em}',
  'a{display:inline-block;padding:.6em 1.4em;border-radius:6px;border:2px solid #1f5fbf;color:#1f5fbf;text-decoration:none;font-weight:600}',
  'a:first-child{background:#1f5fbf;color:#fff}',
  'a:focus-visible{outline:3px solid #f0a500;outline-offset:2px}',
].join('');

/** No script, no fetch, no form, no frame: the page can only show itself and follow its links. */
const SHELL_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'`;

export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));

function page(
  language: Language,
  heading: string,
  paragraphs: string[],
  buttons: [ShellAction, string][],
): ShellPage {
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="${SHELL_PAGE_CSP}">`,
    `<title>CashDesk</title><style>${STYLE}</style></head>`,
    `<body><main><h1>${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`),
    buttons.length > 0
      ? `<nav>${buttons.map(([action, label]) => `<a href="${actionUrl(action)}">${escapeHtml(label)}</a>`).join('')}</nav>`
      : '',
    '</main></body></html>',
  ].join('');
  return {
    url: `data:text/html;charset=utf-8,${encodeURIComponent(html)}`,
    actions: buttons.map(([action]) => action),
  };
}

/** Shown the moment the window opens, until the core is up (normally a blink). */
export function startingPage(language: Language): ShellPage {
  return page(language, SHELL_WORDS[language].starting, [], []);
}

/** The start has taken too long: what it waits for, that nothing is lost, Try again and Quit. */
export function waitingPage(language: Language, step: StartStep | null, seconds: number): ShellPage {
  const words = SHELL_WORDS[language].waiting;
  return page(
    language,
    words.heading,
    [fill(words[step ?? 'process'], { seconds }), words.safe],
    [
      ['retry', words.retry],
      ['quit', words.quit],
    ],
  );
}

/** The screen failed again and again: nothing is lost, and Restart CashDesk. */
export function failedPage(language: Language): ShellPage {
  const words = SHELL_WORDS[language].failed;
  return page(language, words.heading, [words.body], [['restart', words.restart]]);
}
