// Steps at the counter, shared by the e2e tests and the bench: what an agent clicks and types.
import type { Locator, Page } from 'playwright-core';
import type { ChannelName, OperationTypeValue, OperationView } from '../../common/contract.ts';
import type { Core } from '../../main/core.ts';
import { METHODS, REQUISITE_VALUES } from '../support/core.ts';

export type Shot = (step: string) => Promise<void>;

const noShot: Shot = async () => undefined;

/**
 * Counts clicks and Enters (`flow.payin_interactions`); test/e2e/actions.ts counts every action,
 * typed fields and Tabs too.
 */
function interactions(page: Page) {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async click(target: Locator) {
      count += 1;
      await target.click();
    },
    async enter() {
      count += 1;
      await page.keyboard.press('Enter');
    },
  };
}

export function cashInButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Cash in/ });
}

/**
 * The custody button once it takes a press: it ignores any in its first second (CustodyButton), so
 * a test waits for `data-armed` as an agent's deliberate press would come after it.
 */
export function custodyButton(page: Page, name?: string): Locator {
  const armed = page.locator('[data-testid="record-cash"][data-armed="true"]');
  return name === undefined ? armed : armed.and(page.getByRole('button', { name }));
}

export async function openHome(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await cashInButton(page).waitFor();
}

/** Cash in of KZT 5000 up to the Payer ID step (the method tile picked when shown). */
export async function toPayerStep(page: Page): Promise<void> {
  await cashInButton(page).click();
  const amount = page.getByRole('textbox', { name: 'Amount in KZT', exact: true });
  const tile = page.getByRole('button', { name: /^Cash KZT/ });
  await tile.or(amount).first().waitFor();
  if (await tile.isVisible()) await tile.click();
  await amount.fill('5000');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).waitFor();
}

/**
 * From Home to the payment details of a KZT 5000 cash payin in shop 1001, by keyboard where it can.
 * The method tile is picked when shown; after an earlier payin the desk remembers it.
 */
export async function startCashPayin(page: Page, payerId: string): Promise<void> {
  await toPayerStep(page);
  await page.getByRole('textbox', { name: 'Payer ID', exact: true }).fill(payerId);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Check and confirm' }).waitFor();
}

/** The payer's phone typed on the payment details, and Enter: the operation is created. */
export async function confirmPhone(page: Page, phone = REQUISITE_VALUES.phone!): Promise<void> {
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(phone);
  await page.keyboard.press('Enter');
}

/**
 * A payin at the shop with a single payin method whose session asks one requisite (shop 1002,
 * cash KZT, phone). The shop is chosen before counting: it is set once per shift, not per payer.
 * Counted from Home to Home again, in clicks and Enters (`flow.payin_interactions`).
 */
export async function countedPayin(page: Page, shot: Shot = noShot): Promise<number> {
  await page.getByRole('radio', { name: /Second shop/ }).check();
  await shot('home-second-shop');
  const act = interactions(page);
  await act.click(cashInButton(page));
  const amount = page.getByRole('textbox', { name: 'Amount in KZT', exact: true });
  await amount.waitFor();
  await amount.fill('5000');
  await shot('amount-method-auto-picked');
  await act.enter();
  const payer = page.getByRole('textbox', { name: 'Payer ID', exact: true });
  await payer.waitFor();
  await payer.fill('SCAN-000123');
  await shot('payer');
  await act.enter();
  const phone = page.getByRole('textbox', { name: 'Phone number', exact: true });
  await phone.waitFor();
  await phone.fill(REQUISITE_VALUES.phone!);
  await shot('session');
  await act.enter();
  // The payer's cash is taken once the gateway holds the operation, and recorded as received.
  const received = custodyButton(page, 'Cash received from the payer: KZT\u00a05,000.00');
  await received.waitFor();
  await shot('waiting');
  await act.click(received);
  const confirmTraining = page.getByRole('button', { name: 'Confirm (training)' });
  await page
    .locator('.cash-banner')
    .getByText(/^Cash received at /)
    .waitFor();
  await shot('cash-received');
  await act.click(confirmTraining);
  const done = page.getByRole('button', { name: 'Done' });
  await done.waitFor();
  await shot('completed');
  await act.click(done);
  await cashInButton(page).waitFor();
  return act.count;
}

type Checkout = { type: OperationTypeValue; shopId: number; amount: string; payerId: string };

/** An operation made straight through the core, for tests about what happens after checkout. */
export async function createThroughCore(
  core: Pick<Core, 'invoke'>,
  checkout: Checkout,
): Promise<OperationView> {
  const call = async (channel: ChannelName, request: unknown) => {
    const result = await core.invoke(channel, request);
    if (!result.ok) throw new Error(`${channel}: ${result.error.kind}: ${result.error.message}`);
    return result.value;
  };
  const { type, shopId, amount, payerId } = checkout;
  await call('checkout.listMethods', { shopId, operationType: type });
  const opened = (await call('checkout.openSession', {
    shopId,
    operationType: type,
    paymentMethodId: type === 'payin' ? METHODS.cashKztIn : METHODS.cashKztOut,
    amount,
    payerId,
  })) as OperationView;
  return (await call('checkout.createOperation', {
    localId: opened.localId,
    payerRequisites: (opened.session?.payerRequisites ?? []).map((d) => ({
      name: d.name,
      value: REQUISITE_VALUES[d.name] ?? 'x',
    })),
  })) as OperationView;
}
