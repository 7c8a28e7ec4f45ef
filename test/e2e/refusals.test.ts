// The core's refusals in the agent's language, in Chromium against the real core: on the reset
// screen of a desk enrolled at a head office, a code for another terminal and a code the head
// office never issued; on the lock screen, after the head office's code cleared the supervisor PIN, the
// supervisor's try. Each said in Russian and Kazakh from the refusal catalogue, never in English.
// The head office here is a stand-in that only enrols (its own signing key, so its codes are real).
// Screenshots: test-results/screens/refusals/.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Language } from '../../common/enums.ts';
import { refusalsEn } from '../../common/i18n/refusals.en.ts';
import { refusalsKk } from '../../common/i18n/refusals.kk.ts';
import { refusalsRu } from '../../common/i18n/refusals.ru.ts';
import { phrase, refusal, refusalText } from '../../common/refusal.ts';
import { signResetCode } from '../../common-node/reset-code.ts';
import { SUPERVISOR_RESET_FILE } from '../../main/staff/supervisor.ts';
import { en } from '../../renderer/i18n/en.ts';
import { kk } from '../../renderer/i18n/kk.ts';
import { ru } from '../../renderer/i18n/ru.ts';
import { until } from '../support/core.ts';
import { must, OPERATOR_PIN } from '../support/desk.ts';
import { type E2E, startE2E } from './harness.ts';
import { liveHomeIn } from './live-day.ts';

const WORDS = { en, ru, kk } as const;
const REFUSALS = { en: refusalsEn, ru: refusalsRu, kk: refusalsKk } as const;

/** A head office that enrols any desk under its own key, and answers nothing else. */
async function enrollingHq(t: { after(fn: () => unknown): void }, publicKeyPem: string) {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const enrol = request.method === 'POST' && request.url === '/api/desk/enrol';
      response.writeHead(enrol ? 200 : 503, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          enrol
            ? {
                deskToken: 'desk-token-'.padEnd(40, 'x'),
                branchId: 1,
                branchName: 'Almaty 1',
                hqSigningKey: publicKeyPem,
                highWater: 0,
              }
            : {},
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function speak(h: E2E, language: Language): Promise<void> {
  await h.page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
  await until(
    async () => (await h.page.evaluate(() => document.documentElement.lang)) === language,
    language,
  );
}

/** The reset form's refusal of `code`, as the screen says it. */
async function refusedCode(page: Page, language: Language, code: string): Promise<string> {
  const form = page.locator('form', { hasText: WORDS[language].headOffice.reset.title });
  await form.getByLabel(WORDS[language].headOffice.reset.code).fill(code);
  await form.getByRole('button', { name: WORDS[language].headOffice.reset.submit }).click();
  const alert = form.locator('.alert-danger');
  await alert.waitFor();
  return alert.innerText();
}

test('the reset screen and the lock screen refuse in Russian and Kazakh, in the catalogue’s words', async (t) => {
  const h = await startE2E(t, 'refusals', { trainingShift: false });
  const { page, core, dataDir } = h;
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const hq = await enrollingHq(t, publicKey.export({ type: 'spki', format: 'pem' }).toString());
  await liveHomeIn(h, 'en');
  await must(core.invoke, 'hq.enrol', { url: hq, code: 'ENROL-CODE-1' });
  await must(core.invoke, 'supervisor.lock', {});
  // The supervisor forgot the PIN: the reset file arms the head office's code.
  writeFileSync(join(dataDir, SUPERVISOR_RESET_FILE), '');
  const hour = new Date(Date.now() + 3600_000);
  const forged = signResetCode(generateKeyPairSync('ed25519').privateKey, 'T07', hour);
  const elsewhere = signResetCode(privateKey, 'T99', hour);

  for (const language of ['ru', 'kk'] as const) {
    const words = WORDS[language];
    const says = REFUSALS[language];
    await speak(h, language);
    await page.getByRole('button', { name: words.home.settings, exact: true }).click();
    const other = await refusedCode(page, language, elsewhere.code);
    assert.ok(other.includes(says['reset.otherTerminal']), `${language}: ${other}`);
    assert.ok(!other.includes(refusalsEn['reset.otherTerminal']), 'not in English');
    assert.ok(
      (await refusedCode(page, language, forged.code)).includes(says['reset.forged']),
      `${language}: the forged code`,
    );
    await h.screen(`reset-forged-${language}`);
    await page.keyboard.press('Escape');
  }

  // The head office's own code clears the supervisor PIN: on the lock screen the supervisor's try
  // is refused for what it is (no PIN set), not as a PIN locked out.
  const issued = signResetCode(privateKey, 'T07', hour);
  await must(core.invoke, 'supervisor.resetWithCode', { code: issued.code });
  for (const language of ['ru', 'kk'] as const) {
    const words = WORDS[language];
    await speak(h, language);
    await must(core.invoke, 'desk.lock', {});
    const lock = page.getByRole('dialog', { name: words.lock.title });
    await lock.waitFor();
    await lock.getByRole('button', { name: words.lock.asSupervisor }).click();
    await lock.locator('input[type="password"]').fill('48261537');
    await lock.getByRole('button', { name: words.lock.unlock, exact: true }).click();
    const said = lock.getByRole('alert');
    await said.waitFor();
    const expected = refusalText(
      REFUSALS[language],
      refusal('pin.notSet', { owner: phrase('owner.supervisor') }),
    );
    assert.ok((await said.innerText()).includes(expected), `${language}: ${await said.innerText()}`);
    assert.ok(!(await said.innerText()).includes(words.pin.lockedOut), 'not said to be locked out');
    await h.screen(`lock-no-supervisor-pin-${language}`);
    await lock.getByRole('button', { name: words.lock.asOperator.replace('{{name}}', 'Aigerim') }).click();
    await lock.locator('input[type="password"]').fill(OPERATOR_PIN);
    await lock.getByRole('button', { name: words.lock.unlock, exact: true }).click();
    await lock.waitFor({ state: 'detached' });
  }
});
