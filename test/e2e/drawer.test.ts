// The drawer between counts, in Chromium against the real core and sandbox: a cash drop
// to the safe prints its slip (and prints it again, in Russian and Kazakh, from the Z report); the
// drawer handed from Aigerim to Daniyar on Daniyar's PIN, the shift staying open; the close where
// the first count is short, "Count again" keeps it, the balanced recount still needs the note and
// the supervisor, and each missing one is said beside its field with the cursor there; the Z report
// with every count, the handover and each operator's part. Screens in English, Russian and Kazakh.
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { printEn } from '../../common/i18n/print.en.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { until } from '../support/core.ts';
import { SECOND_OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { pdfText, renderPng } from '../support/pdf.ts';
import { countKzt, goLiveInSettings, signIn } from './day-flows.ts';
import { openHome } from './flows.ts';
import { type E2E, startE2E } from './harness.ts';
import { RESULTS_DIR } from './stack.ts';

const SHOTS = join(RESULTS_DIR, 'screens', 'drawer');
const CATALOGUES = { en, ru, kk } as const;
type Language = keyof typeof CATALOGUES;

/** Switches the app's language with its own setting, the switch on every screen. */
async function language(page: Page, to: Language): Promise<void> {
  await page.getByRole('button', { name: to.toUpperCase(), exact: true }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, to);
}

/** The screen now showing, in each language in turn, ending in English. */
async function inEveryLanguage(h: E2E, step: string, ready: (c: typeof en) => Promise<unknown>) {
  for (const to of ['ru', 'kk', 'en'] as const) {
    await language(h.page, to);
    await ready(CATALOGUES[to]);
    await h.screen(`${step}-${to}`);
  }
}

/** Clicks the slip's button on the report and waits for that print itself, not an earlier one's words. */
async function printSlipAgain(h: E2E): Promise<void> {
  const before = h.printer.printed.length;
  await h.page.getByTestId('print-slip-1').click();
  await until(() => h.printer.printed.length > before, 'the slip printed again');
}

/** The last print as text, kept as a PDF and a picture beside the screenshots. */
function keepPrint(h: E2E, name: string): string {
  const last = h.printer.printed.at(-1);
  assert.ok(last, `${name} was printed`);
  copyFileSync(last.pdf, join(SHOTS, `${name}.pdf`));
  renderPng(join(SHOTS, `${name}.pdf`), join(SHOTS, name));
  return pdfText(last.pdf).replace(/\s+/g, ' ');
}

/** Whether the field with the cursor is marked invalid ("true"), or null for one that is not marked. */
const focusedInvalid = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-invalid') ?? null);

test('a slip for the cash drop, the drawer handed over, and a recount that keeps the first count', async (t) => {
  const h = await startE2E(t, 'drawer', { trainingShift: false });
  const { page, sandbox } = h;
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHome(page, h.url);
  await goLiveInSettings(page, { sandbox, operators: ['Aigerim', 'Daniyar'] });
  await signIn(page, 'Aigerim', { '5000': 4 });

  // A cash drop to the safe: recorded, and its slip printed for both to sign.
  await page.getByRole('button', { name: en.shiftActions.movement }).click();
  await page.getByRole('textbox', { name: 'Amount in KZT' }).fill('5000');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Cash drop to safe');
  await page.getByRole('textbox', { name: en.drawer.safeHolder }).fill('Saule');
  await page.getByLabel('Supervisor PIN').fill(SUPERVISOR_PIN);
  await page.getByRole('button', { name: 'Record cash taken to the safe' }).click();
  await page.getByTestId('slip-outcome').getByText(en.drawer.slipPrinted).waitFor();
  await h.screen('slip-printed-en');
  await inEveryLanguage(h, 'slip-printed', (c) =>
    page.getByTestId('slip-outcome').getByText(c.drawer.slipPrinted).waitFor(),
  );
  const slip = keepPrint(h, 'slip-en');
  assert.match(slip, /CASH SLIP — FROM THE DRAWER TO THE SAFE/);
  assert.match(slip, /KZT\s?5,000\.00/);
  assert.match(slip, /Reason Cash drop to safe/);
  assert.match(slip, /Handed over by Aigerim/);
  assert.match(slip, /Received by Saule · Supervisor \(safe holder\), with their PIN/);
  assert.equal(slip.match(/Signature/g)?.length, 2);
  await page.getByRole('button', { name: 'Home', exact: true }).click();

  // The drawer to Daniyar: Aigerim counts 15,000 (20,000 − 5,000), Daniyar confirms with his PIN.
  await page.getByRole('button', { name: en.drawer.handover }).click();
  await page.getByTestId('count-KZT').waitFor();
  await countKzt(page, { '5000': 3 });
  await page.getByRole('button', { name: en.close.check }).click();
  await page.getByTestId('variance-table').getByText(en.close.balanced).waitFor();
  await page.getByLabel(en.drawer.incoming).selectOption({ label: 'Daniyar' });
  await page.getByRole('button', { name: en.drawer.confirm }).click();
  const missing = page.getByTestId('handover-missing');
  await missing.getByText(en.drawer.incomingPinMissing).waitFor();
  assert.equal(await focusedInvalid(page), null, 'the cursor is in the PIN field');
  assert.equal(
    await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type),
    'password',
  );
  await h.screen('handover-pin-missing-en');
  await inEveryLanguage(h, 'handover', (c) => missing.getByText(c.drawer.incomingPinMissing).waitFor());
  await page.getByLabel(en.drawer.incomingPin).fill('1111');
  await page.getByRole('button', { name: en.drawer.confirm }).click();
  await page.getByTestId('pin-refusal').waitFor();
  await page.getByLabel(en.drawer.incomingPin).fill(SECOND_OPERATOR_PIN);
  await page.getByRole('button', { name: en.drawer.confirm }).click();
  const done = page.getByTestId('handover-done');
  await done.getByText('Aigerim handed the drawer to Daniyar.', { exact: false }).waitFor();
  await inEveryLanguage(h, 'handover-done', (c) =>
    done.getByRole('button', { name: c.common.home, exact: true }).waitFor(),
  );
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await page.getByTestId('shift-panel').getByText('Shift 1 · Daniyar').waitFor();

  // The close: 14,000 counted, short by 1,000, over the 500 allowed.
  await page.getByRole('button', { name: en.shiftActions.close }).click();
  await page.getByTestId('count-KZT').waitFor();
  await countKzt(page, { '5000': 2, '1000': 4 });
  await page.getByRole('button', { name: en.close.check }).click();
  await page.getByTestId('close-approval').getByText(en.close.needsApproval).waitFor();
  assert.equal(await page.getByTestId('count-KZT').count(), 0, 'a checked count is not editable');
  await h.screen('recount-first-short-en');
  // Count again: a fresh count beside the first, which stays.
  await page.getByTestId('count-again').click();
  await countKzt(page, { '5000': 3 });
  await page.getByRole('button', { name: en.close.check }).click();
  const counts = page.getByTestId('close-counts');
  await counts.getByText('Count 2').waitFor();
  assert.equal(await counts.getByRole('listitem').count(), 2);
  assert.match(
    await counts.innerText(),
    /Count 1 .* counted by Daniyar — KZT\u00a014,000\.00: Short by KZT\u00a01,000\.00/,
  );
  assert.match(await counts.innerText(), /Count 2 .* counted by Daniyar — KZT\u00a015,000\.00: Balanced/);
  await page.getByTestId('close-approval').getByText(en.drawer.earlierOver).waitFor();
  // Close with neither the note nor the PIN: said beside the note, and the cursor goes there.
  await page.getByRole('button', { name: /^Close the shift/ }).click();
  await page.getByTestId('close-missing').getByText(en.drawer.noteMissing).waitFor();
  assert.equal(await focusedInvalid(page), 'true', 'the cursor is in the note');
  await h.screen('recount-note-missing-en');
  await inEveryLanguage(h, 'recount-note-missing', (c) =>
    page.getByTestId('close-missing').getByText(c.drawer.noteMissing).waitFor(),
  );
  await page.getByLabel(en.close.note).fill('Recounted: 1,000 was in the coin tray');
  await page.getByRole('button', { name: /^Close the shift/ }).click();
  await page.getByTestId('close-missing').getByText(en.drawer.pinMissing).waitFor();
  assert.equal(
    await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type),
    'password',
  );
  await h.screen('recount-pin-missing-en');
  await page.getByLabel('Supervisor PIN').fill(SUPERVISOR_PIN);
  await page.getByRole('button', { name: /^Close the shift/ }).click();

  // The Z report: both counts, the handover and each operator's part.
  await page.getByRole('heading', { name: 'Z report No. 1' }).waitFor();
  const zCounts = page.getByTestId('close-counts');
  assert.equal(await zCounts.getByRole('listitem').count(), 2);
  await page
    .getByTestId('handovers')
    .getByText(/Aigerim handed the drawer to Daniyar/)
    .waitFor();
  const parts = await page.getByTestId('operator-parts').getByRole('listitem').allInnerTexts();
  assert.equal(parts.length, 2);
  assert.match(parts[0]!, /^Aigerim Held the drawer .* to the safe KZT\u00a05,000\.00/s);
  // Held until the close: a closed shift is held by no one "now".
  assert.match(parts[1]!, /^Daniyar Held the drawer .* – /s);
  assert.doesNotMatch(parts[1]!, / – now/);
  await page.getByText(printEn.auditKind.drawer_handover, { exact: true }).waitFor();
  await h.screen('z-report-counts-en');

  // The slip again from the Z report, in Russian then Kazakh: the desk's language is the paper's.
  await language(page, 'ru');
  await page.getByTestId('close-counts').getByText('Пересчёт 2').waitFor();
  await h.screen('z-report-counts-ru');
  await printSlipAgain(h);
  await page.getByTestId('slip-outcome').getByText(ru.drawer.slipAgain).waitFor();
  const slipRu = keepPrint(h, 'slip-ru');
  assert.match(slipRu, /ОРДЕР — ИЗ КАССЫ В СЕЙФ/);
  assert.match(slipRu, /Cash drop to safe/);
  await language(page, 'kk');
  await page.getByTestId('close-counts').getByText('2-санау').waitFor();
  await h.screen('z-report-counts-kk');
  await printSlipAgain(h);
  await page.getByTestId('slip-outcome').getByText(kk.drawer.slipAgain).waitFor();
  const slipKk = keepPrint(h, 'slip-kk');
  assert.match(slipKk, /ОРДЕР — КАССАДАН СЕЙФКЕ/);
  await language(page, 'en');
});
