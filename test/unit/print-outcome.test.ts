// What the renderer says after a print: which document, stating which status, and every paper of
// an automatic set, not only the last.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import i18next from 'i18next';
import type { PrintReport } from '../../common/contract.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { outcomeLine, withReport } from '../../renderer/receipts/printOutcome.ts';

async function translator(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { en: { translation: en }, ru: { translation: ru }, kk: { translation: kk } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const report = (overrides: Partial<PrintReport> = {}): PrintReport => ({
  localId: 7,
  document: 'receipt',
  copyNumber: 0,
  status: 'created',
  automatic: false,
  result: { printed: true },
  ...overrides,
});

test('the final receipt after a Pending one says which each was', async () => {
  const t = await translator('en');
  const lines = [
    report(),
    report({ status: 'captured' }),
    report({ status: 'captured', copyNumber: 1 }),
    report({ status: 'failed_at_gateway' }),
    report({ status: 'cancelled' }),
  ].map((r) => outcomeLine(t, r));
  assert.deepEqual(lines, [
    { tone: 'info', text: 'Receipt (Pending) printed: the original.' },
    { tone: 'info', text: 'Receipt (Completed) printed: the original.' },
    { tone: 'info', text: 'Receipt (Completed) printed as COPY 1.' },
    // The same word for a status as every screen and report gives it (statusWord).
    { tone: 'info', text: 'Receipt (status “failed_at_gateway”, not final) printed: the original.' },
    { tone: 'info', text: 'Receipt (ended without payment: “cancelled”) printed: the original.' },
  ]);
  const ru = await translator('ru');
  assert.equal(outcomeLine(ru, report()).text, 'Квитанция (Ожидает): напечатан оригинал.');
  const kk = await translator('kk');
  assert.equal(
    outcomeLine(kk, report({ status: 'captured' })).text,
    'Түбіртек (Аяқталды): түпнұсқасы басып шығарылды.',
  );
});

test('an automatic set shows both papers; any other print is shown on its own', async () => {
  const t = await translator('en');
  const payer = report({ status: 'captured', automatic: true });
  const agent = report({ status: 'captured', automatic: true, document: 'agent_copy' });
  const both = withReport(withReport([], payer), agent);
  assert.deepEqual(
    both.map((r) => outcomeLine(t, r).text),
    [
      'Automatic print: Receipt (Completed) printed: the original.',
      'Automatic print: Agent copy (Completed) printed: the original.',
    ],
  );
  // A manual print, the next automatic set, or a copy after a receipt that failed starts afresh.
  assert.deepEqual(withReport(both, report()), [report()]);
  assert.deepEqual(withReport([report({ status: 'created', automatic: true })], agent), [agent]);
  const failed = report({
    automatic: true,
    status: 'captured',
    result: { printed: false, reason: 'failed', message: 'x' },
  });
  assert.deepEqual(withReport([failed], agent), [agent]);
  assert.deepEqual(withReport([payer], report({ ...agent, automatic: false })), [
    report({ ...agent, automatic: false }),
  ]);
});

test('a print that did not go through names the document and counts nothing', async () => {
  const t = await translator('en');
  const cancelled = report({
    result: { printed: false, reason: 'cancelled', message: 'Print job canceled' },
  });
  assert.deepEqual(outcomeLine(t, cancelled), {
    tone: 'warning',
    text: 'Receipt: printing was cancelled. Nothing was counted; print again when ready.',
  });
});

test('a printer that gave no answer is said so in the agent’s language, never in the printer system’s English', async () => {
  const silent = report({ result: { printed: false, reason: 'no_answer', message: '' } });
  assert.equal(
    outcomeLine(await translator('en'), silent).text,
    'Receipt: the printer did not print it (the printer did not answer). Nothing was counted; check the printer and print again.',
  );
  for (const [language, words] of [
    ['ru', 'принтер не ответил'],
    ['kk', 'принтер жауап бермеді'],
  ] as const) {
    const line = outcomeLine(await translator(language), silent);
    assert.equal(line.tone, 'warning');
    assert.ok(line.text.includes(words), line.text);
  }
  const refused = report({ result: { printed: false, reason: 'failed', message: 'Paper out' } });
  assert.ok(
    outcomeLine(await translator('ru'), refused).text.includes('Paper out'),
    'the system’s own words, quoted',
  );
});
