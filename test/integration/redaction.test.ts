// What the log and the database learn, end to end on a real core and sandbox: payer values only
// from a request that passed validation for a session this desk opened (finding 3), and a token a
// gateway echoes in base64 nowhere on disk or in the diagnostics zip (finding 7).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { METHODS, openSession, REQUISITE_VALUES, startHarness } from '../support/core.ts';

/** Every file under `dir`, as text, so a secret in any of them shows. */
function everyFile(dir: string): string {
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, 'latin1'))
    .join('\n');
}

test('payer values are learned only from a valid request for a session this desk opened', async (t) => {
  const h = await startHarness(t);
  const typed = 'Zarina Bekova';
  const note = (value: string) => h.core.log.info('probe', { note: `payer ${value}` });
  const logged = async () => {
    await h.core.log.flush();
    return readFileSync(join(h.dataDir, 'cashdesk.log'), 'utf8');
  };

  // Refused by the contract, and for an operation that does not exist: the log learns nothing.
  const malformed = await h.invoke('checkout.createOperation', {
    localId: 'one',
    payerRequisites: [{ name: 'fullName', value: typed }],
  });
  assert.equal(malformed.ok, false);
  const stray = await h.invoke('checkout.createOperation', {
    localId: 9999,
    payerRequisites: [{ name: 'fullName', value: typed }],
  });
  assert.equal(stray.ok, false);
  note(typed);
  assert.ok((await logged()).includes(`payer ${typed}`), 'a refused request taught the log a value');

  // A valid request for this desk's open session: its values are masked from then on.
  const session = await openSession(h, { type: 'payout', methodId: METHODS.cashKztOut, amount: '25000' });
  const learned = 'Dana Nurlanova';
  await h.call('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: session.session!.payerRequisites.map((d) => ({
      name: d.name,
      value: d.name === 'fullName' ? learned : REQUISITE_VALUES[d.name]!,
    })),
  });
  note(learned);
  assert.ok(!(await logged()).includes(learned), 'the payer name is in the log');
});

test('a 401 echoing the token in base64 or base64url leaves it in no log, database or zip', async (t) => {
  const h = await startHarness(t);
  const token = h.sandbox.token;
  const base64 = Buffer.from(token).toString('base64');
  const base64url = Buffer.from(token).toString('base64url');
  const session = await openSession(h);
  h.sandbox.inject('createOperation', {
    kind: 'respond',
    status: 401,
    body: { message: `token ${base64} is not valid here`, echo: { base64url, basic: `Basic ${base64}` } },
  });
  const refused = await h.invoke('checkout.createOperation', {
    localId: session.localId,
    payerRequisites: [{ name: 'phone', value: REQUISITE_VALUES.phone! }],
  });
  assert.equal(refused.ok, false);
  assert.ok(!refused.ok && !refused.error.message.includes(base64), refused.ok ? '' : refused.error.message);
  // The error as it reached the agent's screen is redacted, and still says what went wrong.
  assert.ok(!refused.ok && refused.error.message.includes('[redacted]'), 'the message was dropped');
  h.core.log.error('echoed', { body: `again ${base64}`, url: `?t=${base64url}` });

  const zip = join(h.dataDir, 'diagnostics.zip');
  await h.call('diagnostics.export', { path: zip, supervisorPin: '840517' });
  const zipped = Object.values(unzipSync(readFileSync(zip)))
    .map((bytes) => strFromU8(bytes))
    .join('\n');
  const disk = everyFile(h.dataDir);
  for (const spelling of [base64, base64url, token]) {
    assert.equal(zipped.indexOf(spelling), -1, 'the token is in the zip');
    assert.equal(disk.indexOf(spelling), -1, 'the token is in the data folder');
  }
  assert.ok(disk.includes('[redacted]'), 'nothing was written at all');
});
