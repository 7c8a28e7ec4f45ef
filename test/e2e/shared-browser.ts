// One Chromium for a whole test file: launching one costs about a second of CPU, and a file's tests
// each get their own context (cookies, storage, pages) in it, which is all they need of a browser.
// Under npm test every file connects to the run's one Chromium (test/run-tests.ts) instead.
// Imported only by test files: the `after` below is the file's own, registered when it is loaded.
import { after } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { WINDOW } from './stack.ts';

let launched: Promise<Browser> | undefined;

/**
 * This file's Chromium: the run's, connected to on first use, or one launched for this file alone.
 * Closing it after the file's last test closes the file's contexts, and the Chromium it launched.
 */
export function sharedBrowser(): Promise<Browser> {
  const server = process.env.CASHDESK_CHROMIUM;
  launched ??= server ? chromium.connect(server) : launchChromium();
  return launched;
}

/**
 * One context for the file's app pages, a page per test: each test's renderer is served on a port
 * of its own (stack.ts), so no two tests share an origin's storage. The print page stays open between
 * tests, which keeps the context's renderer process for the next test instead of starting another.
 */
export function sharedContext(): Promise<BrowserContext> {
  return opened().then(({ context }) => context);
}

/**
 * The page this file's printers lay their documents out on (chromium-printer.ts), one document at a
 * time: a page of its own for every printer would cost a renderer process each.
 */
export function sharedPrintPage(): Promise<Page> {
  return opened().then(({ printPage }) => printPage);
}

let context: Promise<{ context: BrowserContext; printPage: Page }> | undefined;

function opened(): Promise<{ context: BrowserContext; printPage: Page }> {
  context ??= sharedBrowser().then(async (browser) => {
    const made = await browser.newContext(WINDOW);
    return { context: made, printPage: await made.newPage() };
  });
  return context;
}

after(async () => {
  await (await launched)?.close();
});
