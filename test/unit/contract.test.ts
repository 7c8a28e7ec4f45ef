// The contract module: one table of channels, `window.cashdesk` built from it and nothing else, the
// gateway address rule, and no runtime dependency that would keep it out of the renderer.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  buildApi,
  CHANNEL_NAMES,
  type ChannelName,
  channels,
  EVENT_NAMES,
  isAllowedGatewayUrl,
  isReadChannel,
} from '../../common/contract.ts';

describe('buildApi', () => {
  function build() {
    const calls: { channel: ChannelName; request: unknown }[] = [];
    const subscriptions: { event: string; listener: unknown }[] = [];
    const unsubscribe = () => {};
    const api = buildApi(
      (channel, request) => {
        calls.push({ channel, request });
        return Promise.resolve({ ok: true, value: channel });
      },
      (event, listener) => {
        subscriptions.push({ event, listener });
        return unsubscribe;
      },
    );
    return { api: api as unknown as Record<string, unknown>, calls, subscriptions, unsubscribe };
  }

  test('has exactly one namespaced function per channel, plus `on`', () => {
    const { api } = build();
    const namespaces = [...new Set(CHANNEL_NAMES.map((name) => name.split('.')[0]!))].sort();
    assert.deepEqual(Object.keys(api).sort(), [...namespaces, 'on'].sort());
    const exposed = Object.entries(api)
      .filter(([key]) => key !== 'on')
      .flatMap(([ns, methods]) => Object.keys(methods as object).map((method) => `${ns}.${method}`))
      .sort();
    assert.deepEqual(exposed, [...CHANNEL_NAMES].sort());
    for (const name of CHANNEL_NAMES) {
      const [ns, method] = name.split('.') as [string, string];
      assert.equal(typeof (api[ns] as Record<string, unknown>)[method], 'function', name);
    }
    assert.equal(typeof api.on, 'function');
  });

  test('each function invokes its own channel with the request as given', async () => {
    const { api, calls } = build();
    for (const name of CHANNEL_NAMES) {
      const [ns, method] = name.split('.') as [string, string];
      const request = { marker: name };
      const result = await (api[ns] as Record<string, (r: unknown) => Promise<unknown>>)[method]!(request);
      assert.deepEqual(result, { ok: true, value: name });
      assert.deepEqual(calls.at(-1), { channel: name, request });
    }
    assert.equal(calls.length, CHANNEL_NAMES.length);
  });

  test('a call without a request sends an empty object', async () => {
    const { api, calls } = build();
    await (api.app as { getState: () => Promise<unknown> }).getState();
    assert.deepEqual(calls, [{ channel: 'app.getState', request: {} }]);
  });

  test('`on` subscribes through the transport and hands back its unsubscribe', () => {
    const { api, subscriptions, unsubscribe } = build();
    const listener = () => {};
    for (const event of EVENT_NAMES) {
      const off = (api.on as (e: string, l: unknown) => unknown)(event, listener);
      assert.equal(off, unsubscribe);
    }
    assert.deepEqual(
      subscriptions.map((s) => s.event),
      EVENT_NAMES,
    );
    assert.ok(subscriptions.every((s) => s.listener === listener));
  });
});

describe('the channel table', () => {
  test('names are namespace.method, unique, and each has a request and a response schema', () => {
    assert.ok(CHANNEL_NAMES.length > 0);
    assert.equal(new Set(CHANNEL_NAMES).size, CHANNEL_NAMES.length);
    for (const name of CHANNEL_NAMES) {
      assert.match(name, /^[a-z]+\.[a-zA-Z]+$/);
      assert.equal(typeof channels[name].request.safeParse, 'function');
      assert.equal(typeof channels[name].response.safeParse, 'function');
    }
  });

  test('no channel reads a token back, and the state drops one a handler might add', () => {
    for (const name of CHANNEL_NAMES) assert.doesNotMatch(name, /getToken|readToken/i);
    const state = {
      settings: {
        mode: 'live',
        gatewayUrl: 'https://gateway.example.com',
        shops: [{ id: 1001, name: 'Shop', token: 'leaked-1' }],
        terminalId: 'T01',
        language: 'en',
        kiosk: false,
        token: 'leaked-2',
      },
      tokens: [{ shopId: 1001, state: 'set', token: 'leaked-3' }],
      liveTokens: [{ shopId: 1001, state: 'set', token: 'leaked-5' }],
      connectivity: { state: 'online', lastSuccessAt: null, queued: 0 },
      version: '1.0.0',
      token: 'leaked-4',
    };
    // Responses are parsed on the way out (core.invoke), and object schemas keep only their keys.
    const parsed = channels['app.getState'].response.parse(state);
    assert.doesNotMatch(JSON.stringify(parsed), /leaked/);
    assert.deepEqual(parsed.tokens, [{ shopId: 1001, state: 'set' }]);
  });

  test('the common modules import neither electron nor node, only zod, big.js and each other', () => {
    const dir = new URL('../../common/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    assert.ok(files.length >= 5);
    for (const file of files) {
      const specifiers = [
        ...readFileSync(new URL(file, dir), 'utf8').matchAll(
          /^\s*(?:import|export)\s[^'"]*from\s+['"]([^'"]+)['"]/gm,
        ),
      ].map((m) => m[1]);
      for (const specifier of specifiers) {
        assert.ok(
          // The catalogues in i18n/ are common modules too: the refusals' sentences live there.
          specifier === 'zod' ||
            specifier === 'big.js' ||
            /^\.\/(?:i18n\/)?[\w.-]+\.ts$/.test(specifier ?? ''),
          `${file} imports ${specifier}`,
        );
      }
    }
  });

  test('settings.save refuses what the Settings screen refuses: one shop ID twice', () => {
    const { mode: _mode, ...settings } = {
      mode: 'training',
      gatewayUrl: null,
      shops: [
        { id: 1001, name: 'A' },
        { id: 1001, name: 'B' },
      ],
      terminalId: 'T01',
      language: 'en',
      kiosk: false,
    };
    const parsed = channels['settings.save'].request.safeParse(settings);
    assert.equal(parsed.success, false);
    assert.match(JSON.stringify(parsed.error?.issues), /each shop ID only once/);
    const distinct = {
      ...settings,
      shops: [
        { id: 1001, name: 'A' },
        { id: 1002, name: 'B' },
      ],
    };
    assert.equal(channels['settings.save'].request.safeParse(distinct).success, true);
  });
});

describe('isAllowedGatewayUrl', () => {
  const table: [string, boolean][] = [
    ['https://gateway.example.com', true],
    ['https://gateway.example.com/api/base', true],
    ['https://gateway.example.com:8443', true],
    ['HTTPS://GATEWAY.EXAMPLE.COM', true],
    ['https://10.0.0.5', true],
    ['http://127.0.0.1', true],
    ['http://127.0.0.1:18080', true],
    ['http://localhost:3000/gw', true],
    ['http://[::1]:8080', true],
    ['http://gateway.example.com', false],
    ['http://10.0.0.5', false],
    ['http://127.0.0.1.nip.io', false],
    ['http://localhost.example.com', false],
    ['http://localhost@evil.example.com', false],
    ['http://evil.example.com#@127.0.0.1', false],
    ['https://user:secret@gateway.example.com', false],
    ['https://user@gateway.example.com', false],
    ['https://:secret@gateway.example.com', false],
    ['http://user:pw@127.0.0.1', false],
    ['ftp://gateway.example.com', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['data:text/plain,hello', false],
    ['ws://127.0.0.1', false],
    ['gateway.example.com', false],
    ['//gateway.example.com', false],
    ['https://', false],
    ['', false],
    ['not a url', false],
    ['https://exa mple.com', false],
  ];
  for (const [url, allowed] of table) {
    test(`${JSON.stringify(url)} → ${allowed ? 'allowed' : 'refused'}`, () => {
      assert.equal(isAllowedGatewayUrl(url), allowed);
    });
  }
});

test('a channel that moves money, prints, writes a file or changes the desk is never declared a read', () => {
  const reads = CHANNEL_NAMES.filter((name) => isReadChannel(name));
  assert.ok(reads.includes('history.search') && reads.includes('lookup.byNumber'));
  const writes = CHANNEL_NAMES.filter((name) =>
    /^(checkout\.(create|open|abandon|record|start|confirm)|custody\.|receipts\.(print$|printReport|save|test)|shift\.(open|close|cash|reconcile)|drawer\.(handover|print)|hq\.(enrol|release|claim)|backup\.|diagnostics\.|history\.exportCsv|settings\.|supervisor\.|operators\.(add|set|unlock|remove)|desk\.(lock|unlock)|updates\.)/.test(
      name,
    ),
  );
  assert.ok(writes.length > 30);
  assert.deepEqual(
    writes.filter((name) => isReadChannel(name)),
    [],
  );
  assert.equal(isReadChannel('no.such'), false);
});
