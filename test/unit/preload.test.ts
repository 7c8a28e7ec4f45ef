// The built preload, loaded with a stand-in for the `electron` module (Electron cannot run here):
// it must expose exactly the contract's namespaced API and nothing of ipcRenderer itself, and carry
// the channel names only: neither zod nor the schemas, a few KB.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CHANNEL_NAMES, CHANNEL_PREFIX } from '../../common/contract.ts';

const require = createRequire(import.meta.url);
const bundle = fileURLToPath(new URL('../../dist/preload/index.cjs', import.meta.url));

function loadPreload() {
  assert.ok(existsSync(bundle), 'run `npm run build:main` first');
  const exposed: Record<string, unknown> = {};
  const invoked: { channel: string; args: unknown[] }[] = [];
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
    ipcRenderer: {
      invoke: async (channel: string, ...args: unknown[]) => {
        invoked.push({ channel, args });
        return { ok: true, value: null };
      },
      on: (channel: string, fn: (...args: unknown[]) => void) => {
        listeners.set(channel, [...(listeners.get(channel) ?? []), fn]);
      },
      removeListener: (channel: string, fn: (...args: unknown[]) => void) => {
        listeners.set(
          channel,
          (listeners.get(channel) ?? []).filter((f) => f !== fn),
        );
      },
    },
  };
  const electronPath = require.resolve('electron');
  require.cache[electronPath] = { exports: electron } as NodeJS.Module;
  delete require.cache[bundle];
  require(bundle);
  delete require.cache[electronPath];
  return { exposed, invoked, listeners };
}

test('exposes window.cashdesk with exactly the contract channels, namespaced', () => {
  const { exposed } = loadPreload();
  assert.deepEqual(Object.keys(exposed), ['cashdesk']);
  const api = exposed.cashdesk as Record<string, Record<string, unknown>>;
  const names = Object.entries(api)
    .filter(([ns]) => ns !== 'on')
    .flatMap(([ns, methods]) => Object.keys(methods).map((m) => `${ns}.${m}`))
    .sort();
  assert.deepEqual(names, [...CHANNEL_NAMES].sort());
  assert.equal(typeof api.on, 'function');
  assert.equal('ipcRenderer' in api || 'invoke' in api || 'send' in api, false);
});

test('calls go to prefixed channels with the request only', async () => {
  const { exposed, invoked } = loadPreload();
  const api = exposed.cashdesk as { history: { get: (r: unknown) => Promise<unknown> } };
  await api.history.get({ localId: 7 });
  assert.deepEqual(invoked, [{ channel: `${CHANNEL_PREFIX}history.get`, args: [{ localId: 7 }] }]);
});

test('event listeners get the payload only, and unsubscribe', () => {
  const { exposed, listeners } = loadPreload();
  const api = exposed.cashdesk as { on: (e: string, fn: (...a: unknown[]) => void) => () => void };
  const got: unknown[][] = [];
  const off = api.on('operation.changed', (...args) => got.push(args));
  const channel = `${CHANNEL_PREFIX}event:operation.changed`;
  for (const fn of listeners.get(channel) ?? []) fn({ sender: 'electron event' }, { localId: 1 });
  assert.deepEqual(got, [[{ localId: 1 }]]);
  off();
  assert.equal(listeners.get(channel)?.length, 0);
});

test('the bundle is at most 10 KB and holds no zod (the names only, not the schemas)', () => {
  assert.ok(existsSync(bundle), 'run `npm run build:main` first');
  const bytes = statSync(bundle).size;
  assert.ok(bytes <= 10 * 1024, `dist/preload/index.cjs is ${bytes} bytes`);
  const text = readFileSync(bundle, 'utf8');
  assert.doesNotMatch(text, /zod|ZodType|safeParse/i);
  assert.doesNotMatch(text, /big\.js|Big\.DP/);
});
