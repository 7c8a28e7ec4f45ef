// The shell's own pages in real Chromium, in English, Russian and Kazakh: the desk still starting,
// waiting on the keychain with Try again and Quit, and the screen failed with Restart CashDesk. Each
// is whole without the renderer's bundle, passes axe, and its CSP refuses any script.
// Screenshots: test-results/screens/shell-pages/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGES } from '../../common/enums.ts';
import { failedPage, startingPage, waitingPage } from '../../main/host/shell-pages.ts';
import { sharedBrowser } from './shared-browser.ts';
import { pageProblems, screenRecorder, WINDOW } from './stack.ts';

test('the shell’s pages in each language: whole without the bundle, accessible, and no script runs', async (t) => {
  const context = await (await sharedBrowser()).newContext(WINDOW);
  t.after(() => context.close());
  const page = await context.newPage();
  const problems = pageProblems(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) requests.push(request.url());
  });
  const screen = screenRecorder(page, 'shell-pages', problems);
  for (const language of LANGUAGES) {
    // The starting page is a heading alone, shown for a blink: read, not recorded.
    await page.goto(startingPage(language).url);
    assert.equal(await page.locator('html').getAttribute('lang'), language);
    assert.match(await page.locator('h1').innerText(), /CashDesk/);
    const pages = { waiting: waitingPage(language, 'keychain', 20), failed: failedPage(language) };
    for (const [name, shown] of Object.entries(pages)) {
      await page.goto(shown.url);
      assert.equal(await page.locator('html').getAttribute('lang'), language);
      assert.equal(await page.locator('h1').count(), 1);
      assert.equal(await page.getByRole('link').count(), shown.actions.length, `${language} ${name}`);
      await screen(`${language}-${name}`);
    }
  }
  assert.deepEqual(requests, [], 'nothing fetched: the pages need no bundle, font or image');

  // The page's policy is in force: a script put into it does not run, and Chromium reports why.
  await page.goto(failedPage('en').url);
  await page.addScriptTag({ content: 'window.ran = true;' }).catch(() => undefined);
  assert.equal(await page.evaluate(() => (window as unknown as { ran?: boolean }).ran), undefined);
  assert.ok(
    problems.some((problem) => /Content Security Policy/.test(problem)),
    problems.join('\n'),
  );
});
