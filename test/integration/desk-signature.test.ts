// The desk signs its uploads: a real core enrolled at a real head office on a real PostgreSQL, its
// key in the real keychain. The key made at enrolment is the one HQ registered, it stays in the
// keychain (never in the desk's files), and the desk's batches are accepted, before and after a
// restart. A desk whose keychain holds another key is refused: HQ stores nothing and raises an
// alarm, and the desk's outbox stops with its banner.
import assert from 'node:assert/strict';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import keytar from 'keytar';
import { deskKeyPair } from '../../common-node/batch-signature.ts';
import { hqForFile, type TestHq } from '../hq/support.ts';
import type { Harness } from '../support/core.ts';
import { OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { enrolledDesk, journal, uploaded } from '../support/head-office.ts';

const KEY_ACCOUNT = 'head-office-desk-key';

// One HQ for the file: each test enrols a terminal of its own.
const hq = hqForFile();

async function stored(hq: TestHq, terminalId: string) {
  const found = await hq.db.query<{ n: number; public_key: string | null; alarms: number }>(
    `SELECT (SELECT count(*)::int FROM hq_entries e WHERE e.terminal_id = d.terminal_id) AS n, public_key, alarms
       FROM hq_desks d WHERE terminal_id = $1`,
    [terminalId],
  );
  return found.rows[0]!;
}

const cashAdded = (h: Harness) =>
  h.call('shift.cashMovement', {
    kind: 'added',
    currency: 'KZT',
    amount: '500',
    reason: 'change',
    supervisorPin: SUPERVISOR_PIN,
  });

describe('the signed journal', () => {
  test('the enrolment key is in the keychain and at HQ, and the desk’s batches are accepted', async (t) => {
    const { h } = await enrolledDesk(t, hq, 'T21');
    await uploaded(h);

    const pem = await keytar.getPassword(h.keychainService, KEY_ACCOUNT);
    assert.ok(pem, 'the private key is in the keychain');
    const publicPem = createPublicKey(createPrivateKey(pem)).export({ type: 'spki', format: 'pem' });
    const desk = await stored(hq, 'T21');
    assert.equal(desk.public_key, publicPem, 'HQ registered its public half');
    assert.equal(desk.n, journal(h).length);
    assert.equal(desk.alarms, 0);

    // Nowhere in the desk's files: the SQLite database, its WAL, the logs.
    const secret = pem.split('\n')[1]!;
    const files = readdirSync(h.dataDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    assert.ok(files.length > 0);
    for (const file of files) {
      const bytes = readFileSync(join(file.parentPath, file.name));
      assert.equal(bytes.includes(secret), false, `${file.name} holds the desk's private key`);
    }

    // A restarted core reads the key back from the keychain and signs as before.
    await h.restart();
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    await cashAdded(h);
    await uploaded(h);
    assert.deepEqual(await h.call('hq.status', {}).then((s) => [s.waiting, s.alarm]), [0, null]);
    assert.equal((await stored(hq, 'T21')).n, journal(h).length);
  });

  test('a desk signing with a key HQ does not hold is refused: nothing stored, an alarm, the banner', async (t) => {
    const { h } = await enrolledDesk(t, hq, 'T22');
    await uploaded(h);
    const before = await stored(hq, 'T22');

    await keytar.setPassword(h.keychainService, KEY_ACCOUNT, deskKeyPair().privateKeyPem);
    await h.restart();
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    await cashAdded(h);
    await h.probe.headOfficeIdle();
    const status = await h.call('hq.status', {});
    assert.equal(status.alarm, 'refused');
    assert.ok(status.waiting > 0, 'the refused entries wait at the desk');
    const after = await stored(hq, 'T22');
    assert.equal(after.n, before.n, 'HQ stored nothing');
    assert.equal(after.alarms, 1);
  });
});
