// One renderer test's world: the stack (stack.ts) and a page of its own in the browser context its
// file shares (shared-browser.ts).
//
//   const h = await startE2E(t, 'payin');        // sandbox + core + static server + Chromium page
//   await h.page.goto(h.url);
//   await h.screen('home');                      // screenshot + axe + no console errors/CSP violations
import type { TestContext } from 'node:test';
import type { Page } from 'playwright-core';
import { sharedContext, sharedPrintPage } from './shared-browser.ts';
import { openPage, type Stack, type StackOptions, screenRecorder, startStack } from './stack.ts';

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
  return { ...stack, page, screen: screenRecorder(page, name, problems) };
}
