import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { CONTENT_SECURITY_POLICY, resolveAppFile } from '../../main/app-protocol.ts';

const root = join('/opt', 'cashdesk', 'renderer');

test('serves files of the renderer with their type', () => {
  assert.deepEqual(resolveAppFile(root, 'app://cashdesk/'), {
    file: join(root, 'index.html'),
    type: 'text/html; charset=utf-8',
  });
  assert.deepEqual(resolveAppFile(root, 'app://cashdesk/assets/index-abc.js'), {
    file: join(root, 'assets', 'index-abc.js'),
    type: 'text/javascript; charset=utf-8',
  });
});

test('refuses paths that escape the renderer folder, however encoded', () => {
  const attacks = [
    'app://cashdesk/assets/..%2f..%2f..%2fetc%2fpasswd',
    'app://cashdesk/..%5c..%5cwindows%5cwin.ini',
    'app://cashdesk/%00index.html',
    'app://cashdesk/%E0%A4%A',
    'app://evil/index.html',
    'not a url',
  ];
  for (const url of attacks) assert.equal(resolveAppFile(root, url), null, url);
});

test('dot segments the URL parser resolves stay inside the folder', () => {
  assert.equal(
    resolveAppFile(root, 'app://cashdesk/../../main/index.js')?.file,
    join(root, 'main', 'index.js'),
  );
  assert.equal(
    resolveAppFile(root, 'app://cashdesk/%2e%2e/%2e%2e/etc/passwd')?.file,
    join(root, 'etc', 'passwd'),
  );
});

test('the content security policy is strict', () => {
  assert.match(CONTENT_SECURITY_POLICY, /default-src 'self'/);
  assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe-inline|unsafe-eval|\*/);
});
