// The agent's day as the screens take it, for the e2e tests: Settings behind the supervisor PIN,
// Live set up as a supervisor does it, signing in with the float, and payments confirmed by a live
// gateway (the sandbox, captured from the test as the payer's confirmation would).
import type { Locator, Page } from 'playwright-core';
import type { Sandbox } from '../../main/sandbox/server.ts';
import { REQUISITE_VALUES } from '../support/core.ts';
import { OPERATOR_PIN, SECOND_OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import type { Shot } from './flows.ts';
import { cashInButton, custodyButton } from './flows.ts';

const noShot: Shot = async () => undefined;

/** Settings from Home: straight in on a desk without a supervisor PIN, through the PIN otherwise. */
export async function openSettings(page: Page, supervisorPin = SUPERVISOR_PIN): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const unlock = page.getByRole('button', { name: 'Open Settings' });
  const panel = page.getByTestId('supervisor-panel');
  await unlock.or(panel).first().waitFor();
  if (await unlock.isVisible()) {
    await page.getByLabel('Supervisor PIN').fill(supervisorPin);
    await unlock.click();
    await panel.waitFor();
  }
}

/** The first supervisor PIN, typed twice, as Settings ask on a desk that has none. */
export async function setSupervisorPin(page: Page, pin = SUPERVISOR_PIN): Promise<void> {
  await page.getByLabel('New supervisor PIN').fill(pin);
  await page.getByLabel('The same PIN again').fill(pin);
  await page.getByRole('button', { name: 'Save the supervisor PIN' }).click();
  await page.getByRole('button', { name: 'Change the supervisor PIN' }).waitFor();
}

/** Settings show one part at a time. */
export async function settingsPart(page: Page, part: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Parts of Settings' })
    .getByRole('button', { name: part })
    .click();
}

export async function addOperator(page: Page, name: string, pin = OPERATOR_PIN): Promise<void> {
  const form = page.locator('.add-operator');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('PIN').fill(pin);
  await form.getByRole('button', { name: 'Add operator' }).click();
  await page.getByText(`${name} can sign in now.`).waitFor();
}

type LiveSetup = {
  sandbox: Sandbox;
  terminalId?: string;
  operators?: string[];
  shops?: number[];
  shot?: Shot;
};

/**
 * From Home on a new training desk to Live, as a supervisor does it in Settings: a supervisor PIN,
 * the gateway URL (the sandbox, on loopback), the desk's own terminal ID, each shop's token, the
 * operators, then Live. Ends on Home with Settings locked again.
 */
export async function goLiveInSettings(page: Page, setup: LiveSetup): Promise<void> {
  const { sandbox, terminalId = 'T07', operators = ['Aigerim'], shops = [1001, 1002] } = setup;
  const shot = setup.shot ?? noShot;
  await openSettings(page);
  await shot('settings-first-time');
  await setSupervisorPin(page);
  await page.getByRole('textbox', { name: 'Gateway URL' }).fill(sandbox.url);
  await page.getByRole('textbox', { name: 'Terminal ID' }).fill(terminalId);
  // Live receipts carry the shops' real names, not the training gateway's.
  const names = page.getByRole('textbox', { name: 'Shop name' });
  for (let i = 0; i < (await names.count()); i++) await names.nth(i).fill(`Almaty shop ${i + 1}`);
  // A new gateway URL, like a new token, asks for the current supervisor PIN again.
  await page.getByLabel(/^Current supervisor PIN/).fill(SUPERVISOR_PIN);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved.').waitFor();
  for (const shop of shops) {
    const form = page.locator('.token-field').filter({ hasText: `New token for shop ${shop}` });
    await form.getByLabel(/New token for shop/).fill(sandbox.token);
    await form.getByLabel(/^Current supervisor PIN/).fill(SUPERVISOR_PIN);
    await form.getByRole('button', { name: 'Save token' }).click();
    await form.getByText(`Token saved for shop ${shop}.`).waitFor();
  }
  await settingsPart(page, 'Operators');
  for (const [i, name] of operators.entries()) {
    await addOperator(page, name, i === 0 ? OPERATOR_PIN : `${Number(SECOND_OPERATOR_PIN) + i - 1}`);
  }
  await shot('settings-operators');
  await settingsPart(page, 'Lock, drawer and backups');
  await shot('settings-drawer');
  await settingsPart(page, 'Mode, gateway and tokens');
  await shot('settings-ready-for-live');
  await page.getByRole('button', { name: 'Switch to Live' }).click();
  await page.getByRole('button', { name: 'Yes, switch to Live' }).click();
  await page.getByText('Live: real money through the payment gateway.').waitFor();
  await page.getByRole('button', { name: 'Lock Settings now' }).click();
  await page.getByRole('button', { name: 'Open Settings' }).waitFor();
  await shot('settings-locked');
  await page.keyboard.press('Escape');
  await page.getByTestId('shift-panel').waitFor();
}

/** Signs in from Home and counts the float in KZT by denomination: `pieces` maps face value to count. */
export async function signIn(
  page: Page,
  operator: string,
  pieces: Record<string, number>,
  shot: Shot = noShot,
): Promise<void> {
  await page.getByRole('button', { name: 'Sign in and open a shift' }).click();
  await page.getByRole('radio', { name: operator }).check();
  await page.getByLabel(`PIN of ${operator}`).fill(OPERATOR_PIN);
  await countKzt(page, pieces);
  await shot('sign-in-float');
  await page.getByRole('button', { name: 'Open the shift' }).click();
  await page.getByTestId('shift-bar').getByText(operator).waitFor();
}

export async function countKzt(page: Page, pieces: Record<string, number>): Promise<void> {
  const kzt = page.getByTestId('count-KZT');
  for (const [value, count] of Object.entries(pieces)) {
    await kzt
      .getByRole('textbox', { name: `Number of ${Number(value).toLocaleString('en')} KZT notes or coins` })
      .fill(String(count));
  }
}

/**
 * A cash payin at a live gateway: the amount, the payer, the phone; the cash taken and recorded;
 * then the gateway confirms (the sandbox is told to, as the payer's own confirmation would).
 */
export async function livePayin(
  page: Page,
  sandbox: Sandbox,
  payin: { amount: string; payerId: string; shown: string },
  shot: Shot = noShot,
): Promise<string> {
  await toPaymentDetails(page, cashInButton(page), payin.amount, payin.payerId);
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(REQUISITE_VALUES.phone!);
  await page.keyboard.press('Enter');
  const received = custodyButton(page, `Cash received from the payer: ${payin.shown}`);
  await received.waitFor();
  const number = await page.getByTestId('operation-number').innerText();
  await shot('payin-take-cash');
  await received.click();
  await page
    .locator('.cash-banner')
    .getByText(/^Cash received at /)
    .waitFor();
  sandbox.capture(1001, number);
  await page.getByRole('heading', { name: 'Completed' }).waitFor();
  await shot('payin-completed');
  await page.getByRole('button', { name: 'Done' }).click();
  await cashInButton(page).waitFor();
  return number;
}

/** From Home to the payment details of a Cash KZT operation; the method tile is picked when shown. */
async function toPaymentDetails(page: Page, tile: Locator, amount: string, payerId: string): Promise<void> {
  await tile.click();
  const amountField = page.getByRole('textbox', { name: 'Amount in KZT', exact: true });
  const method = page.getByRole('button', { name: /^Cash KZT/ });
  await method.or(amountField).first().waitFor();
  if (await method.isVisible()) await method.click();
  await amountField.fill(amount);
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill(payerId);
  await page.keyboard.press('Enter');
}

/** A Cash KZT payout at shop 1001, from Home until the gateway holds it: its operation number. */
export async function startCashPayout(page: Page, amount: string, payerId: string): Promise<string> {
  await toPaymentDetails(page, page.getByRole('button', { name: /^Cash out/ }), amount, payerId);
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(REQUISITE_VALUES.fullName!);
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(REQUISITE_VALUES.phone!);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Waiting for confirmation' }).waitFor();
  return page.getByTestId('operation-number').innerText();
}

/** A cash payout at a live gateway: confirmed by the gateway first, then the cash handed over and recorded. */
export async function livePayout(
  page: Page,
  sandbox: Sandbox,
  payout: { amount: string; payerId: string; shown: string },
  shot: Shot = noShot,
): Promise<string> {
  const number = await startCashPayout(page, payout.amount, payout.payerId);
  sandbox.capture(1001, number);
  const handOver = custodyButton(page, `Cash handed to the payer: ${payout.shown}`);
  await handOver.waitFor();
  await shot('payout-hand-over');
  await handOver.click();
  await page
    .locator('.cash-banner')
    .getByText(/^Cash handed over at /)
    .waitFor();
  await page.getByRole('button', { name: 'Done' }).click();
  await cashInButton(page).waitFor();
  return number;
}
