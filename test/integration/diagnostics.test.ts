// Export diagnostics from a real core after a day that tried hard to leak: a gateway echoing the
// token and the payer's requisites, a queue waiting on a dead link, PINs handed to the log. The
// zip is unzipped and every file in it is searched for each secret.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { MIGRATIONS } from '../../main/store/migrations/index.ts';
import { METHODS, openSession, REQUISITE_VALUES, SHOP, startHarness, until } from '../support/core.ts';

const PIN = '840517';

function unzip(path: string): Record<string, string> {
  const files = unzipSync(readFileSync(path));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

test('the zip has the logs, versions, database statistics, connectivity and queue, and no secret', async (t) => {
  const h = await startHarness(t);
  const token = h.sandbox.token;
  const escaped = token.replaceAll('/', '\\/').replaceAll('+', '\\u002B').replaceAll('-', '\\u002d');

  // A payout asks for a full name and a phone; the gateway refuses it and echoes all of it back.
  const session = await openSession(h, { type: 'payout', methodId: METHODS.cashKztOut, amount: '25000' });
  const requisites = session.session!.payerRequisites.map((d) => ({
    name: d.name,
    value: REQUISITE_VALUES[d.name]!,
  }));
  h.sandbox.inject('createOperation', {
    kind: 'respond',
    status: 422,
    body: {
      message: `payer ${REQUISITE_VALUES.fullName} (${REQUISITE_VALUES.phone}) refused for token ${token}`,
      request: { payerRequisites: requisites, headers: { 'Api-Access-Token': token } },
      raw: `{"token":"${escaped}","supervisorPin":"${PIN}"}`,
    },
  });
  const refused = await h.invoke('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: requisites,
  });
  assert.equal(refused.ok, false);

  // The link drops while a lookup is due: the queue waits, and connectivity changes are recorded.
  h.sandbox.inject('getOperation', { kind: 'respond', status: 503, body: `down, token ${token}` }, 1000);
  await h.call('lookup.byNumber', { shopId: SHOP, operationNumber: 'T01-261122-0042' });
  await until(() => h.events.some((e) => e.event === 'connectivity.changed'), 'a connectivity change');
  h.core.log.warn('pin_probe', { supervisorPin: PIN, body: `{"newPin":"${PIN}"}` });

  const path = join(h.dataDir, 'exports', '..', 'diagnostics.zip');
  const result = await h.call('diagnostics.export', { path, supervisorPin: PIN });
  assert.equal(result.path, path);
  assert.ok(result.bytes > 0);
  assert.deepEqual(
    readdirSync(h.dataDir).filter((f) => f.endsWith('.partial')),
    [],
  );

  const files = unzip(path);
  assert.deepEqual(Object.keys(files).sort(), [
    'connectivity.json',
    'database.json',
    'logs/cashdesk.log',
    'queue.json',
    'settings.json',
    'versions.json',
  ]);
  const everything = Object.values(files).join('\n');
  for (const secret of [
    token,
    escaped,
    encodeURIComponent(token),
    PIN,
    ...Object.values(REQUISITE_VALUES),
    REQUISITE_VALUES.phone!.slice(1),
    'Aigerim',
    'Sadykova',
  ]) {
    assert.equal(everything.indexOf(secret), -1, `"${secret.slice(0, 8)}…" is in the zip`);
  }

  const versions = JSON.parse(files['versions.json']!);
  assert.equal(versions.electron, null, 'no Electron under plain Node');
  assert.equal(versions.node, process.versions.node);
  assert.equal(typeof versions.os.platform, 'string');

  const database = JSON.parse(files['database.json']!);
  assert.equal(database.schemaVersion, MIGRATIONS.length);
  assert.ok(database.bytes.database > 0);
  assert.ok(database.rows.operations >= 1);
  assert.ok(database.rows.outbox >= 1);
  assert.ok('schema_migrations' in database.rows);

  const connectivity = JSON.parse(files['connectivity.json']!);
  assert.equal(connectivity.changes[0].from, null, 'the state the app started in');
  assert.ok(connectivity.changes.some((c: { to: string }) => c.to !== 'online'));

  const queue = JSON.parse(files['queue.json']!) as { operationNumber: string; lastError: string | null }[];
  assert.ok(queue.some((row) => row.operationNumber === 'T01-261122-0042'));

  // The log in the zip is the log on disk: the refusal is there, redacted.
  assert.match(files['logs/cashdesk.log']!, /gateway_error/);
  assert.match(files['logs/cashdesk.log']!, /connectivity_changed/);
  assert.match(files['logs/cashdesk.log']!, /\*\*\*4567/);
});

test('the path must be an absolute .zip in a folder that exists, and the PIN 4–8 digits', async (t) => {
  const h = await startHarness(t);
  const refusals: [unknown, string][] = [
    [{ path: 'diagnostics.zip', supervisorPin: '1234' }, 'path'],
    [{ path: join(h.dataDir, 'diagnostics.txt'), supervisorPin: '1234' }, 'path'],
    [{ path: join(h.dataDir, 'diagnostics.zip'), supervisorPin: '12' }, 'supervisorPin'],
    [{ path: join(h.dataDir, 'diagnostics.zip') }, 'supervisorPin'],
  ];
  for (const [request, field] of refusals) {
    const result = await h.invoke('diagnostics.export', request);
    assert.equal(!result.ok && result.error.kind, 'invalid_input', JSON.stringify(request));
    assert.match(!result.ok ? result.error.message : '', new RegExp(field));
  }
  const missing = await h.invoke('diagnostics.export', {
    path: join(h.dataDir, 'no-such-folder', 'diagnostics.zip'),
    supervisorPin: '1234',
  });
  assert.deepEqual(!missing.ok && [missing.error.kind, missing.error.field], ['validation', 'path']);
  assert.deepEqual(
    readdirSync(h.dataDir).filter((f) => f.endsWith('.zip')),
    [],
    'nothing written on a refusal',
  );
});

test('a log of many slices is checked again whole: a secret learned after it was written is in no line', async (t) => {
  const h = await startHarness(t);
  // Logged before the log knew it: only the export's second look can catch it.
  const late = `late/${'Qx7'.repeat(12)}`;
  for (let i = 0; i < 3000; i++) h.core.log.info('probe', { i, echo: `seen ${late} at ${i}` });
  h.core.log.addSecret(late);
  const path = join(h.dataDir, 'diagnostics.zip');
  await h.call('diagnostics.export', { path, supervisorPin: PIN });
  const log = unzip(path)['logs/cashdesk.log']!;
  assert.ok(log.length > 3 * 64 * 1024, `${log.length} characters: more than three slices`);
  assert.equal(log.indexOf(late), -1, 'the secret learned late is in the zip');
  const probes = log
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { event: string; detail: { i: number; echo: string } })
    .filter((line) => line.event === 'probe');
  assert.deepEqual(
    probes.map((line) => line.detail.i),
    Array.from({ length: 3000 }, (_, i) => i),
  );
  assert.equal(probes[2999]!.detail.echo, 'seen [redacted] at 2999');
});

test('two exports to one path at once: each writes a file of its own, and the zip left there is whole', async (t) => {
  const h = await startHarness(t);
  const path = join(h.dataDir, 'diagnostics.zip');
  const both = await Promise.all([
    h.invoke('diagnostics.export', { path, supervisorPin: PIN }),
    h.invoke('diagnostics.export', { path, supervisorPin: PIN }),
  ]);
  assert.deepEqual(
    both.map((result) => (result.ok ? 'written' : result.error.message)),
    ['written', 'written'],
  );
  assert.ok(unzip(path)['versions.json'], 'the zip reads whole');
  assert.deepEqual(
    readdirSync(h.dataDir).filter((f) => f.endsWith('.partial')),
    [],
    'no temporary file left',
  );
});
