import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isTrustedSender } from '../../main/ipc/guard.ts';

test('the app page in its top frame is trusted', () => {
  assert.equal(isTrustedSender({ url: 'app://cashdesk/index.html', parent: null }), true);
  assert.equal(isTrustedSender({ url: 'app://cashdesk/', parent: null }), true);
});

test('anything else is refused', () => {
  const refused = [
    null,
    undefined,
    { url: 'app://cashdesk/index.html', parent: {} },
    { url: 'app://other/index.html', parent: null },
    { url: 'https://cashdesk/index.html', parent: null },
    { url: 'file:///app/index.html', parent: null },
    { url: 'http://127.0.0.1:5173/', parent: null },
    { url: 'not a url', parent: null },
    { url: '', parent: null },
  ];
  for (const frame of refused) assert.equal(isTrustedSender(frame), false, JSON.stringify(frame));
});
