// The training gateway (a sandbox on loopback) runs only while the desk is in training: started at
// launch in training and when the supervisor switches to it, stopped when they switch to Live, and
// never started by a launch in Live.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { type TestContext, test } from 'node:test';
import keytar from 'keytar';
import { createCore } from '../../main/core.ts';
import { DEFAULT_SETTINGS } from '../../main/settings/service.ts';
import { must, SUPERVISOR_PIN } from '../support/desk.ts';
import { tempDir } from '../support/store.ts';

function keychainService(t: TestContext): string {
  const service = `cashdesk-test-${randomUUID()}`;
  t.after(async () => {
    for (const { account } of await keytar.findCredentials(service))
      await keytar.deletePassword(service, account);
  });
  return service;
}

/** Whether anything answers HTTP at the address. */
async function listening(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(900) });
    return true;
  } catch {
    return false;
  }
}

test('the training gateway runs only while the desk is in training', async (t) => {
  const options = { dataDir: tempDir(t), keychainService: keychainService(t) };
  let core = await createCore(options);
  t.after(() => core.close());
  // Read afresh each time: the switch changes it.
  const running = () => core.sandbox;

  const atLaunch = running();
  assert.ok(atLaunch, 'a desk in training started its training gateway');
  assert.ok(await listening(atLaunch.url));

  await must(core.invoke, 'supervisor.setPin', { pin: SUPERVISOR_PIN });
  const { mode: _mode, ...settings } = DEFAULT_SETTINGS;
  await must(core.invoke, 'settings.save', {
    ...settings,
    terminalId: 'T07',
    gatewayUrl: 'https://gateway.example.com',
    supervisorPin: SUPERVISOR_PIN,
  });
  await must(core.invoke, 'settings.setMode', { mode: 'live' });
  assert.equal(running(), null, 'Live kept the training gateway');
  assert.equal(await listening(atLaunch.url), false, 'the training gateway still answers in Live');

  await core.close();
  core = await createCore(options);
  assert.equal(running(), null, 'a launch in Live started the training gateway');

  await must(core.invoke, 'supervisor.unlock', { pin: SUPERVISOR_PIN });
  await must(core.invoke, 'settings.setMode', { mode: 'training' });
  const switched = running();
  assert.ok(switched, 'the switch to training started the training gateway');
  assert.ok(await listening(switched.url));
  // Its ledger is the same file: what was done in training before is still found there.
  const methods = await must<unknown[]>(core.invoke, 'checkout.listMethods', {
    shopId: 1001,
    operationType: 'payin',
  });
  assert.ok(methods.length > 0, 'the training gateway answers the desk');
});
