// The supervisor reset with the head office's code, at a desk in Chromium: a real core enrolled at a
// real HQ on a real PostgreSQL, in English, Russian and Kazakh. Typed by hand, a block with two
// letters swapped is named at once; typed whole, the code says until when it is valid in the desk's
// own time and zone (Almaty); scanned (the whole text typed at a wedge scanner's speed, then Enter),
// it resets the supervisor PIN, with the Russian keyboard layout on too.
// Screenshots: test-results/screens/reset-code/.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Language } from '../../common/enums.ts';
import { SUPERVISOR_RESET_FILE } from '../../main/staff/supervisor.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { type Postgres, startPostgres } from '../hq/postgres.ts';
import { enrolmentCodeFor, json, startTestHq } from '../hq/support.ts';
import { SUPERVISOR_PIN } from '../support/desk.ts';
import { sharedBrowser, sharedPrintPage } from './shared-browser.ts';
import { openPage, screenRecorder, startStack, WINDOW } from './stack.ts';

const CATALOGUES = { en, ru, kk } as const;
/** The letter each key of the US layout types with the Russian layout on. */
const RU_KEY = new Map(
  [...'QWERTYUIOPASDFGHJKLZXCVBNM'].map((ch, i) => [ch, 'ЙЦУКЕНГШЩЗФЫВАПРОЛДЯЧСМИТЬ'[i]!] as const),
);
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

test('the reset code scanned whole or typed in blocks: a typo named by its block, the expiry in the desk’s zone, in en, ru and kk', async (t) => {
  const stack = await startStack({ trainingShift: false, printPage: sharedPrintPage });
  t.after(() => stack.close());
  const hq = await startTestHq(t, pg);
  const call = async (channel: string, request: unknown) => {
    const result = await stack.core.invoke(channel, request);
    assert.ok(result.ok, `${channel}: ${JSON.stringify(result).slice(0, 300)}`);
    return result.value as Record<string, unknown>;
  };
  await call('supervisor.setPin', { pin: SUPERVISOR_PIN });
  const { settings } = (await call('app.getState', {})) as { settings: Record<string, unknown> };
  const { mode: _mode, ...rest } = settings;
  const save = (language: Language) =>
    call('settings.save', {
      ...rest,
      language,
      terminalId: 'TR',
      gatewayUrl: stack.sandbox.url,
      supervisorPin: SUPERVISOR_PIN,
    });
  await save('en');
  await call('hq.enrol', { url: hq.url, code: (await enrolmentCodeFor(hq, 'TR')).code });

  const browser = await sharedBrowser();
  const context = await browser.newContext({ ...WINDOW, timezoneId: 'Asia/Almaty' });
  t.after(() => context.close());
  const { page, problems } = await openPage(context, stack);
  page.setDefaultTimeout(15_000);
  const shot = screenRecorder(page, 'reset-code', problems);

  for (const language of ['en', 'ru', 'kk'] as const) {
    const words = CATALOGUES[language];
    await save(language);
    // Saving opened the supervisor's session; the reset is for a supervisor who cannot open it.
    await call('supervisor.lock', {});
    writeFileSync(join(stack.dataDir, SUPERVISOR_RESET_FILE), '');
    const { code, expiresAt } = await json<{ code: string; expiresAt: string }>(
      hq.admin.post('/api/admin/reset-codes', { terminalId: 'TR' }),
    );
    await page.goto(stack.url);
    await page.getByRole('button', { name: words.home.settings, exact: true }).click();
    const field = page.getByLabel(words.headOffice.reset.code);
    const read = page.getByTestId('reset-code-read');
    await field.waitFor();

    // By hand: block 1 right, block 2 with its first two letters swapped, then on to block 3.
    const blocks = code.split('-');
    const at = blocks[1]![0] === blocks[1]![1] ? 2 : 0;
    const second = blocks[1]!;
    const swapped = second.slice(0, at) + second[at + 1] + second[at] + second.slice(at + 2);
    await field.pressSequentially(`${blocks[0]} ${swapped} ${blocks[2]!.slice(0, 2)}`);
    assert.equal(
      await read.innerText(),
      fill(words.headOffice.reset.wrongBlock, { number: 2, block: swapped }),
      'the typo is named by its block',
    );
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    await shot(`typo-named-${language}`);

    // Typed whole and right: until when, in the desk's local time with its zone.
    await field.fill(blocks.join(' ').toLowerCase());
    const until = await read.innerText();
    const [before] = words.headOffice.reset.read.split('{{until}}');
    assert.ok(until.startsWith(before!), until);
    const almaty = new Date(Date.parse(expiresAt) + 5 * 3600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    const minutes = two(almaty.getUTCMinutes());
    const clocks = [
      `${two(almaty.getUTCHours())}:${minutes}`,
      `${two(almaty.getUTCHours() % 12 || 12)}:${minutes}`,
    ];
    assert.match(until, new RegExp(`(${clocks.join('|')}).*GMT\\+5`), 'Almaty’s clock, with its zone');
    await shot(`read-whole-${language}`);

    // Scanned: the QR code's text at a scanner's speed, and its Enter sends it. At the Russian desk
    // the Russian layout is on, so the scanner's keys arrive as Cyrillic letters.
    await field.fill('');
    await field.focus();
    await page.keyboard.type(language === 'ru' ? [...code].map((ch) => RU_KEY.get(ch) ?? ch).join('') : code);
    await page.keyboard.press('Enter');
    await field.waitFor({ state: 'detached' });
    const state = (await call('desk.state', {})) as { supervisor: { pinSet: boolean } };
    assert.equal(state.supervisor.pinSet, false, `${language}: the scanned code reset the supervisor PIN`);
    await shot(`reset-done-${language}`);
    await call('supervisor.setPin', { pin: SUPERVISOR_PIN });
  }
});
