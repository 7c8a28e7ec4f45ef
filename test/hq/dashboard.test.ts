// The head-office dashboard in Chromium, as built (dist/hq) and served by HQ under its CSP, with the
// data of two simulated desks on a real PostgreSQL: sign-in, then network → branch → desk, the Z
// reports and the search, in English, Russian and Kazakh, each screen checked by axe.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { qrPath } from '../../common/qr-path.ts';
import { verifyResetCode } from '../../common-node/reset-code.ts';
import { DASHBOARD_DIR } from '../../hq/server/app.ts';
import { loadSigningKey } from '../../hq/server/signing-key.ts';
import { sharedBrowser } from '../e2e/shared-browser.ts';
import { pageProblems, screenRecorder, WINDOW } from '../e2e/stack.ts';
import { type Postgres, startPostgres } from './postgres.ts';
import { enrolmentCodeFor, SimDesk, startTestHq, type TestHq } from './support.ts';

let pg: Postgres;
before(async () => {
  if (!existsSync(join(DASHBOARD_DIR, 'index.html')))
    throw new Error('dist/hq is missing: run `npm run build:hq` first');
  pg = await startPostgres();
});
after(() => pg.stop());

/** A day at two desks of one branch: A's payout left for the branch in its Z report, B hands it over. */
async function twoDesks(hq: TestHq): Promise<{ a: SimDesk; b: SimDesk }> {
  const a = await SimDesk.enrol(hq, 'T-A', 'Almaty Central');
  const b = await SimDesk.enrol(hq, 'T-B', 'Almaty Central');
  a.day('A', { handOverPayout: false });
  a.record('audit', {
    action: 'gateway_changed',
    actor: 'Dana (supervisor)',
    detail: { gateway: 'https://pay.example' },
  });
  a.zReport('A', {
    number: 7,
    counted: '11450.00',
    headOffice: { waiting: 0, lastReachedAt: '2026-11-20T17:59:00.000Z' },
  });
  a.record('shift_closed', { shiftId: 'A-S', operator: 'Aigerim' });
  await a.sync();
  b.day('B');
  await b.sync();
  const claim = await b.request('/api/desk/payouts/A-OUT/claim', { operator: 'Bolat' });
  assert.equal(claim.status, 200);
  b.record('payout_claimed', {
    operationNumber: 'A-OUT',
    originTerminalId: 'T-A',
    amount: '700.00',
    currency: 'KZT',
    operator: 'Bolat',
  });
  b.record('custody', {
    operationNumber: 'A-OUT',
    action: 'handed_over',
    amount: '700.00',
    currency: 'KZT',
    operator: 'Bolat',
  });
  await b.sync();
  return { a, b };
}

const WORDS = {
  en: {
    showLost: 'Show what desk T-A lost',
    network: 'Network',
    branch: 'Branch Almaty Central',
    desk: 'Desk T-A',
    z: 'Z report No. 7',
    search: 'Find',
  },
  ru: {
    showLost: 'Показать, что потеряла касса T-A',
    network: 'Сеть',
    branch: 'Филиал Almaty Central',
    desk: 'Касса T-A',
    z: 'Z-отчёт № 7',
    search: 'Найти',
  },
  kk: {
    showLost: 'T-A кассасы не жоғалтқанын көрсету',
    network: 'Желі',
    branch: 'Almaty Central филиалы',
    desk: 'T-A кассасы',
    z: '№ 7 Z-есеп',
    search: 'Табу',
  },
} as const;

test('the dashboard shows two desks’ cash, shifts and Z reports, in en, ru and kk, with no axe finding', async (t) => {
  const hq = await startTestHq(t, pg);
  const { a, b } = await twoDesks(hq);
  // Desk A comes back from a copy that ends at its third entry, and is enrolled again: what HQ
  // holds after that entry is the lost day an admin resolves.
  const { code } = await enrolmentCodeFor(hq, 'T-A', 'Almaty Central');
  const reenrolled = await fetch(`${hq.url}/api/desk/enrol`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, terminalId: 'T-A', journal: [{ seq: 3, hash: a.entries[2]!.hash }] }),
  });
  assert.equal(((await reenrolled.json()) as { continuesAfter: number }).continuesAfter, 3);
  const { password } = (await (
    await hq.admin.post('/api/admin/users', { username: 'dana', role: 'admin', branchId: null })
  ).json()) as {
    password: string;
  };
  const browser = await sharedBrowser();

  for (const language of ['en', 'ru', 'kk'] as const) {
    const words = WORDS[language];
    const context = await browser.newContext(WINDOW);
    await context.addInitScript((lang) => localStorage.setItem('hq-language', lang), language);
    const page = await context.newPage();
    page.setDefaultTimeout(8000);
    const screen = screenRecorder(page, `hq-${language}`, pageProblems(page));
    const heading = (page: Page, text: string) =>
      page.getByRole('heading', { level: 1, name: text }).waitFor();

    await page.goto(hq.url);
    await page.locator('#username').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), language);
    await screen('login');
    await page.fill('#username', 'dana');
    await page.fill('#password', password);
    await page.locator('form button[type=submit]').click();
    await heading(page, words.network);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'hq_session')!;
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Strict');
    const row = page.locator('tbody tr', { hasText: 'Almaty Central' });
    assert.match(await row.innerText(), /2\s+1\s/, 'two desks, one shift open (B)');
    await screen('network');

    await page.getByRole('link', { name: 'Almaty Central' }).click();
    await heading(page, words.branch);
    const deskB = await page.locator('tbody tr', { hasText: 'T-B' }).innerText();
    assert.match(deskB, /B-S/);
    assert.match(deskB, /Aigerim/);
    const deskA = await page.locator('tbody tr', { hasText: 'T-A' }).innerText();
    assert.match(deskA, /50/, 'A’s last Z variance');
    await screen('branch');
    if (language === 'en') {
      // Seen live: desk B keeps working, and the open branch view follows without a reload.
      b.record('cash_movement', {
        shiftId: 'B-S',
        direction: 'in',
        amount: '1000.00',
        currency: 'KZT',
        reason: 'change',
        operator: 'Aigerim',
      });
      await b.sync();
      await page
        .locator('tbody tr', { hasText: 'T-B' })
        .filter({ hasText: /11,100\.00/ })
        .waitFor();
    }

    await page.getByRole('link', { name: 'T-A' }).click();
    await heading(page, words.desk);
    await page.getByRole('heading', { level: 3, name: words.z }).waitFor();
    const facts = await page.locator('dl.facts').innerText();
    assert.match(facts, /11[\s ,.]?500/, 'expected cash after the day');
    await screen('desk');

    await page.goto(`${hq.url}/#/z-reports`);
    await page.getByRole('heading', { level: 3, name: words.z }).waitFor();
    await screen('z-reports');

    await page.goto(`${hq.url}/#/search`);
    await page.fill('#operation-number', 'A-OUT');
    await page.getByRole('button', { name: words.search, exact: true }).click();
    const found = await page.locator('tbody tr', { hasText: 'A-OUT' }).innerText();
    assert.match(found, /T-A/);
    assert.match(found, /T-B/, 'claimed and handed over at desk B');
    await screen('search');

    await page.goto(`${hq.url}/#/admin`);
    await page.locator('#code-terminal').waitFor();
    // A new branch, then two desks' codes for it: the branch is chosen for them already, and the
    // second code joins the first rather than replacing it (each is shown once only).
    const branch = `Shymkent ${language}`;
    await page.fill('#branch-name', branch);
    await page.locator('#branch-name').press('Enter');
    await page.locator('#code-branch option', { hasText: branch }).waitFor({ state: 'attached' });
    await page.waitForFunction(
      (name) => document.querySelector<HTMLSelectElement>('#code-branch')?.selectedOptions[0]?.text === name,
      branch,
    );
    const terminals = [`T-${language.toUpperCase()}1`, `T-${language.toUpperCase()}2`];
    for (const [i, terminal] of terminals.entries()) {
      await page.fill('#code-terminal', terminal);
      await page.locator('#code-terminal').press('Enter');
      await page.locator('.issued-codes output.issued').nth(i).waitFor();
    }
    const issued = await page.locator('.issued-codes output.issued').allInnerTexts();
    assert.equal(issued.length, 2);
    for (const [i, terminal] of terminals.entries()) {
      assert.match(issued[i]!, new RegExp(`${terminal}\\b.*: [A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}`));
    }
    const logged = await hq.db.query(
      `SELECT 1 FROM hq_audit_log l JOIN hq_branches b ON b.id = (l.detail->>'branchId')::int
        WHERE l.action = 'enrolment_code_issued' AND l.terminal_id = $1 AND b.name = $2`,
      [terminals[0], branch],
    );
    assert.equal(logged.rowCount, 1, 'the dashboard action is in the HQ audit log, for the new branch');
    await screen('admin');

    // A supervisor-reset code for desk T-A: its QR code, the same code in numbered blocks, until when
    // with its zone, and a printout of the code alone.
    await page.fill('#reset-terminal', 'T-A');
    await page.locator('#reset-terminal').press('Enter');
    const card = page.locator('.reset-card');
    await card.waitFor();
    const blocks = await card.getByRole('list').locator('li').allInnerTexts();
    assert.equal(blocks.length, 31);
    for (const block of blocks) assert.match(block, /^[A-HJ-NP-Z2-9]{5}$/);
    const code = blocks.join('-');
    assert.equal(verifyResetCode(code, (await loadSigningKey(hq.db)).publicKeyPem, 'T-A').ok, true);
    const drawn = await card.getByRole('img').locator('path').getAttribute('d');
    assert.equal(
      drawn,
      qrPath(QRCode.create(code, { errorCorrectionLevel: 'M' }).modules).path,
      'the QR code is the code',
    );
    assert.match(await card.innerText(), /\d\d:\d\d.*(GMT|UTC)/, 'until when, with its zone');
    await screen('admin-reset-code');
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('heading', { level: 1 }).first().isVisible(), false);
    assert.equal(await card.getByRole('img').isVisible(), true);
    assert.equal(await card.getByRole('button').isVisible(), false);
    await screen('admin-reset-code-print');
    await page.emulateMedia({ media: 'screen' });

    await page.goto(`${hq.url}/#/audit`);
    await page.getByRole('cell', { name: 'gateway_changed' }).waitFor();
    await screen('audit');

    await page.goto(`${hq.url}/#/alarms`);
    await page.getByRole('button', { name: words.showLost }).click();
    const lost = await page.locator('section[aria-labelledby=lost-title] tbody').innerText();
    assert.match(lost, /A-OUT/, "the lost entries name the day's operations");
    assert.match(lost, /700/);
    await screen('lost-entries');
    if (language === 'en') {
      await page.getByRole('button', { name: /^Resolve alarm 4–\d+ of desk T-A$/ }).click();
      await page.fill('#resolve-note', 'Day re-entered from the receipts.');
      await page.getByRole('button', { name: 'Resolve', exact: true }).click();
      await page.locator('output.issued').waitFor();
      await page.getByRole('cell', { name: /Day re-entered from the receipts\./ }).waitFor();
      const resolved = await hq.db.query(
        "SELECT 1 FROM hq_audit_log WHERE action = 'alarm_resolved' AND detail->>'note' = 'Day re-entered from the receipts.'",
      );
      assert.equal(resolved.rowCount, 1, 'the note is in the HQ audit log');
    }
    await context.close();
  }
});
