// The shell's IPC binding, run under Node with a stand-in ipcMain and window over a real core:
// every channel of the contract is bound, only the app's own top frame is served, and a refusal
// is logged.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CHANNEL_NAMES, callChannel, eventChannel } from '../../common/contract.ts';
import { bindIpc, UNTRUSTED_SENDER } from '../../main/electron/ipc.ts';
import { APP_ORIGIN } from '../../main/ipc/guard.ts';
import { startHarness } from '../support/core.ts';

type Listener = (event: { senderFrame: unknown }, request: unknown) => unknown;

async function bound(t: Parameters<typeof startHarness>[0]) {
  const h = await startHarness(t);
  const handlers = new Map<string, Listener>();
  const sent: { channel: string; payload: unknown }[] = [];
  const kiosk: boolean[] = [];
  const window = {
    setKiosk: (on: boolean) => kiosk.push(on),
    webContents: {
      isDestroyed: () => false,
      send: (channel: string, payload: unknown) => sent.push({ channel, payload }),
    },
  };
  bindIpc(
    {
      handle: (channel: string, listener: Listener) => {
        assert.equal(handlers.has(channel), false, `${channel} bound twice`);
        handlers.set(channel, listener);
      },
    } as never,
    h.core,
    () => window as never,
  );
  const call = (channel: string, frame: unknown, request: unknown = {}) => {
    const listener = handlers.get(channel);
    assert.ok(listener, `${channel} is not bound`);
    return listener({ senderFrame: frame }, request);
  };
  return { h, handlers, sent, kiosk, call };
}

const appFrame = { url: `${APP_ORIGIN}/index.html`, parent: null };

test('every channel of the contract is bound, and nothing else', async (t) => {
  const { handlers } = await bound(t);
  assert.deepEqual([...handlers.keys()].sort(), CHANNEL_NAMES.map(callChannel).sort());
});

test("the app's own top frame is served by the real core", async (t) => {
  const { call } = await bound(t);
  const result = (await call(callChannel('app.getState'), appFrame)) as { ok: boolean; value: unknown };
  assert.equal(result.ok, true);
  const methods = (await call(callChannel('checkout.listMethods'), appFrame, {
    shopId: 1001,
    operationType: 'payin',
  })) as { ok: boolean; value: unknown[] };
  assert.equal(methods.ok, true);
  assert.ok(methods.value.length > 0);
});

test('foreign senders are refused before the core hears of them, and each refusal is logged', async (t) => {
  const { h, call } = await bound(t);
  const foreign = [
    { url: 'https://evil.example/index.html', parent: null },
    { url: `${APP_ORIGIN}/index.html`, parent: {} }, // our page, but inside a frame
    { url: 'file:///C:/cashdesk/index.html', parent: null },
    { url: 'app://other/index.html', parent: null },
    { url: 'not a url', parent: null },
    null,
    undefined,
  ];
  for (const frame of foreign) {
    const before = h.sandbox.requests().length;
    const result = await call(callChannel('checkout.listMethods'), frame, {
      shopId: 1001,
      operationType: 'payin',
    });
    assert.deepEqual(result, UNTRUSTED_SENDER, `served ${JSON.stringify(frame)}`);
    assert.equal(h.sandbox.requests().length, before, 'the gateway was called for a foreign sender');
  }
  await h.core.log.flush();
  const log = readFileSync(join(h.dataDir, 'cashdesk.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { event: string; detail: { channel: string; sender: string | null } });
  const refusals = log.filter((line) => line.event === 'ipc_refused');
  assert.equal(refusals.length, foreign.length);
  assert.equal(refusals[0]?.detail.sender, 'https://evil.example/index.html');
  assert.equal(refusals[0]?.detail.channel, 'checkout.listMethods');
});

test("the core's events reach the window on their event channels, and kiosk follows the settings", async (t) => {
  const { sent, kiosk, call } = await bound(t);
  const state = (await call(callChannel('app.getState'), appFrame)) as {
    value: { settings: Record<string, unknown> };
  };
  const { mode: _mode, ...settings } = state.value.settings;
  await call(callChannel('settings.save'), appFrame, { ...settings, kiosk: true });
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(sent.some((s) => s.channel === eventChannel('app.changed')));
  assert.deepEqual(kiosk, [true]);
});
