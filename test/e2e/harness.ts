// One renderer test's world: the stack (stack.ts) and a page of its own in the browser context its
// file shares (shared-browser.ts).
//
//   const h = await startE2E(t, 'payin');        // sandbox + core + static server + Chromium page
//   await h.page.goto(h.url);
//   await h.screen('home');                      // screenshot + axe + no console errors/CSP violations
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import type { Page } from 'playwright-core';
import { sharedContext, sharedPrintPage } from './shared-browser.ts';
import { axeFindings, openPage, RESULTS_DIR, type Stack, type StackOptions, startStack } from './stack.ts';

export type E2E = Stack & {
  readonly page: Page;
  /** Records the screen now showing: a numbered screenshot, then axe and the page's error log. */
  screen(step: string): Promise<void>;
};

export async function startE2E(t: TestContext, name: string, options: StackOptions = {}): Promise<E2E> {
  const stack = await startStack({ printPage: sharedPrintPage, ...options });
  const { page, problems } = await openPage(await sharedContext(), stack);
  t.after(async () => {
    await page.close();
    await stack.close();
  });
  const dir = join(RESULTS_DIR, 'screens', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let shots = 0;
  return {
    ...stack,
    page,
    async screen(step) {
      shots += 1;
      // A full-page shot of a scrolled page draws the sticky header mid-page; start from the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: join(dir, `${String(shots).padStart(2, '0')}-${step}.png`),
        fullPage: true,
      });
      assert.deepEqual(await axeFindings(page), [], `axe-core on "${step}"`);
      assert.deepEqual(problems, [], `console errors or CSP violations by "${step}"`);
    },
  };
}
