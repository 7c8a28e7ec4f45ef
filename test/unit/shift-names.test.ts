// The Shifts list names each Z report with its terminal and mode, since Z numbers restart per
// terminal and again for training; its times carry the date and the zone, as the screens' stamps do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import i18next from 'i18next';
import { localeOf } from '../../common/enums.ts';
import { stampOptions } from '../../common/time-format.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { zReportName } from '../../renderer/shift/state/shiftNames.ts';

async function translator(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { en: { translation: en }, ru: { translation: ru }, kk: { translation: kk } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

/** Three shifts that each closed with Z report No. 1. */
const FIRSTS = [
  { terminalId: 'T07', training: false, zNumber: 1 },
  { terminalId: 'T07', training: true, zNumber: 1 },
  { terminalId: 'T08', training: false, zNumber: 1 },
];

test('each Z No. 1 reads with its terminal and mode, in every language', async () => {
  const expected: Record<string, string[]> = {
    en: ['T07 · Live · Z No. 1', 'T07 · Training · Z No. 1', 'T08 · Live · Z No. 1'],
    ru: ['T07 · Рабочий · Z № 1', 'T07 · Обучение · Z № 1', 'T08 · Рабочий · Z № 1'],
    kk: ['T07 · Жұмыс режимі · № 1 Z', 'T07 · Оқу режимі · № 1 Z', 'T08 · Жұмыс режимі · № 1 Z'],
  };
  for (const [language, names] of Object.entries(expected)) {
    const t = await translator(language);
    assert.deepEqual(
      FIRSTS.map((shift) => zReportName(t, shift)),
      names,
      language,
    );
  }
});

test("a shift's times read with their date and zone", () => {
  const at = new Date('2026-11-22T13:15:00.000Z');
  const stamp = (language: string) =>
    new Intl.DateTimeFormat(localeOf(language), {
      ...stampOptions(language),
      timeZone: 'Asia/Almaty',
    }).format(at);
  assert.equal(stamp('en'), 'Nov 22, 2026, 06:15 PM GMT+5');
  assert.equal(stamp('ru'), '22 нояб. 2026 г., 18:15 GMT+5');
});
