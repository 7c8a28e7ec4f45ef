// Renderer benchmarks: the size of the JavaScript the window loads first, how soon Home is usable,
// how many clicks and Enters a simple payin takes, and how many actions (clicks, keys that are not
// text, and fields typed) a keyboard payin with its receipt and a payout take at the Training shop
// (test/e2e/actions.ts). Needs `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { en } from '../renderer/i18n/en.ts';
import { keyboardPayin, keyboardPayout } from '../test/e2e/actions.ts';
import { launchChromium } from '../test/e2e/chromium.ts';
import { countedPayin, openHome } from '../test/e2e/flows.ts';
import { ACTIONS_FILE, INTERACTIONS_FILE, openPage, startStack } from '../test/e2e/stack.ts';

const DIST = resolve(import.meta.dirname, '..', 'dist', 'renderer');
const RUNS = 7;

export async function benchRenderer(): Promise<Record<string, number>> {
  return {
    'renderer.initial_js_gzip_kb': initialJsGzipKb(),
    'renderer.home_interactive_ms': await homeInteractiveMs(),
    'flow.payin_interactions': await payinInteractions(),
    ...(await actionCounts()),
  };
}

/** Every script index.html loads up front (entry and module preloads), gzipped, in KB. */
function initialJsGzipKb(): number {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1]!);
  const bytes = scripts.reduce((total, src) => total + gzipSync(readFileSync(join(DIST, src))).length, 0);
  return Math.round((bytes / 1024) * 10) / 10;
}

/** Median, over fresh navigations, from navigation start to the app's `home-ready` mark. */
async function homeInteractiveMs(): Promise<number> {
  const stack = await startStack();
  const browser = await launchChromium();
  try {
    const { page } = await openPage(browser, stack);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(stack.url);
      const handle = await page.waitForFunction(
        () => performance.getEntriesByName('home-ready')[0]?.startTime,
      );
      times.push(Number(await handle.jsonValue()));
    }
    times.sort((a, b) => a - b);
    return Math.round(times[Math.floor(times.length / 2)]!);
  } finally {
    await browser.close();
    await stack.close();
  }
}

/** The e2e test's count when it has run, otherwise the same counted payin, measured here. */
async function payinInteractions(): Promise<number> {
  if (existsSync(INTERACTIONS_FILE)) {
    return JSON.parse(readFileSync(INTERACTIONS_FILE, 'utf8'))['flow.payin_interactions'];
  }
  const stack = await startStack();
  const browser = await launchChromium();
  try {
    const { page } = await openPage(browser, stack);
    await openHome(page, stack.url);
    return await countedPayin(page);
  } finally {
    await browser.close();
    await stack.close();
  }
}

/**
 * The e2e test's counts when it has run, otherwise measured here the same way: the desk's first
 * payin and payout pick their methods (diagnostics), and every later one opens on the amount.
 */
async function actionCounts(): Promise<Record<string, number>> {
  if (existsSync(ACTIONS_FILE)) return JSON.parse(readFileSync(ACTIONS_FILE, 'utf8'));
  const stack = await startStack();
  const browser = await launchChromium();
  try {
    const { page } = await openPage(browser, stack);
    await openHome(page, stack.url);
    const firstPayin = await keyboardPayin(page, en, 'BENCH-FIRST-IN');
    const firstPayout = await keyboardPayout(page, en, 'BENCH-FIRST-OUT');
    return {
      'flow.payin_actions': await keyboardPayin(page, en, 'BENCH-IN'),
      'flow.payout_actions': await keyboardPayout(page, en, 'BENCH-OUT'),
      'flow.payin_actions_first_of_desk': firstPayin,
      'flow.payout_actions_first_of_desk': firstPayout,
    };
  } finally {
    await browser.close();
    await stack.close();
  }
}
