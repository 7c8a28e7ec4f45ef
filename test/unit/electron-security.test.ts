// The shell's real security handlers (main/electron/security.ts), called under Node with stand-in
// apps, webContents, sessions and events, and the app:// handler over a real renderer folder:
// navigation, new windows, webviews and permissions are all denied, and every app:// response,
// a 404 and a refused path included, carries the CSP.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { CONTENT_SECURITY_POLICY } from '../../main/app-protocol.ts';
import {
  appProtocolHandler,
  denyPermissions,
  lockDownApp,
  lockDownContents,
} from '../../main/electron/security.ts';
import { APP_ORIGIN } from '../../main/ipc/guard.ts';

/** A webContents as far as the handlers see it: events, and the window-open handler it was given. */
function stubContents() {
  const emitter = new EventEmitter();
  let openHandler: ((details: unknown) => unknown) | null = null;
  return Object.assign(emitter, {
    setWindowOpenHandler(handler: (details: unknown) => unknown) {
      openHandler = handler;
    },
    openWindow: (url: string) =>
      openHandler?.({ url, frameName: '', features: '', disposition: 'new-window' }),
    /** Emits like Electron: the page goes ahead unless a listener called preventDefault. */
    attempt(event: string, url: string): boolean {
      let prevented = false;
      emitter.emit(event, { url, preventDefault: () => (prevented = true) });
      return !prevented;
    },
  });
}

test('a webContents cannot navigate anywhere, open a window or attach a webview', () => {
  const contents = stubContents();
  lockDownContents(contents as never);
  for (const url of [
    'https://evil.example/',
    `${APP_ORIGIN}/other.html`,
    'file:///etc/passwd',
    'javascript:alert(1)',
  ]) {
    assert.equal(contents.attempt('will-navigate', url), false, `navigated to ${url}`);
    assert.equal(contents.attempt('will-frame-navigate', url), false, `a frame navigated to ${url}`);
    assert.deepEqual(contents.openWindow(url), { action: 'deny' }, `opened ${url}`);
  }
  assert.equal(contents.attempt('will-attach-webview', 'https://evil.example/'), false);
});

test('every webContents the app creates is locked down as it is created', () => {
  const app = new EventEmitter();
  lockDownApp(app as never);
  const created = [stubContents(), stubContents()];
  for (const contents of created) app.emit('web-contents-created', {}, contents);
  for (const contents of created) {
    assert.equal(contents.attempt('will-navigate', 'https://evil.example/'), false);
    assert.equal(contents.attempt('will-attach-webview', 'https://evil.example/'), false);
    assert.deepEqual(contents.openWindow('https://evil.example/'), { action: 'deny' });
  }
});

test('every permission request and check is denied', () => {
  const set: {
    request?: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
    check?: (contents: unknown, permission: string) => boolean;
  } = {};
  denyPermissions({
    setPermissionRequestHandler: (handler: typeof set.request) => (set.request = handler),
    setPermissionCheckHandler: (handler: typeof set.check) => (set.check = handler),
  } as never);
  const { request, check } = set;
  assert.ok(request && check, 'both handlers are set');
  for (const permission of [
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'hid',
    'openExternal',
  ]) {
    const answers: boolean[] = [];
    request({}, permission, (granted) => answers.push(granted));
    assert.deepEqual(answers, [false], permission);
    assert.equal(check({}, permission), false, permission);
  }
});

function rendererFolder(t: TestContext): string {
  const parent = mkdtempSync(join(tmpdir(), 'cashdesk-app-'));
  t.after(() => rmSync(parent, { recursive: true, force: true }));
  const root = join(parent, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>CashDesk</title>');
  writeFileSync(join(root, 'assets', 'index.js'), 'console.log(1)');
  // Beside the renderer, where a path that escapes it would land.
  writeFileSync(join(parent, 'secret.txt'), 'not for the renderer');
  return root;
}

test('app:// serves the renderer with the CSP, and every 404 carries it too', async (t) => {
  const serve = appProtocolHandler(rendererFolder(t));
  const get = (path: string) => serve({ url: `${APP_ORIGIN}${path}` });

  const page = await get('/index.html');
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.match(await page.text(), /CashDesk/);
  const script = await get('/assets/index.js');
  assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.equal((await get('/')).status, 200, 'the root is index.html');

  const refused = [
    '/missing.js',
    '/assets',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/%00index.html',
    '/%E0%A4%A',
  ];
  const responses = [
    page,
    script,
    ...(await Promise.all(refused.map(get))),
    await serve({ url: 'app://evil/index.html' }),
    await serve({ url: 'not a url' }),
  ];
  for (const response of responses.slice(2)) {
    assert.equal(response.status, 404, response.url);
    assert.doesNotMatch(await response.text(), /not for the renderer/);
  }
  for (const response of responses) {
    assert.equal(response.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  }
});
