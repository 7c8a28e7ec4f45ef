// The supervisor reset on a desk enrolled at a head office: the RESET-SUPERVISOR-PIN
// file alone no longer resets, it arms the reset; the code HQ issues for this terminal completes it,
// once. Real core, real sandbox, real HQ on a real PostgreSQL, its own signing key.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { signResetCode } from '../../common-node/reset-code.ts';
import { loadSigningKey } from '../../hq/server/signing-key.ts';
import { SUPERVISOR_RESET_FILE } from '../../main/staff/supervisor.ts';
import { type Postgres, startPostgres } from '../hq/postgres.ts';
import { json, startTestHq } from '../hq/support.ts';
import type { Harness } from '../support/core.ts';
import { OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { enrolledDesk, journal, uploaded } from '../support/head-office.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

async function refusal(h: Harness, code: string): Promise<string> {
  const result = await h.invoke('supervisor.resetWithCode', { code });
  assert.equal(result.ok, false, 'refused');
  return result.ok ? '' : result.error.message;
}

test('the file arms the reset; a valid code completes it once; reused, other terminal, forged and expired codes are refused', async (t) => {
  const hq = await startTestHq(t, pg);
  const { h } = await enrolledDesk(t, hq, 'T21');
  await uploaded(h);
  const key = await loadSigningKey(hq.db);

  // No file: no reset, whatever the code.
  const early = await hq.admin.post('/api/admin/reset-codes', { terminalId: 'T21' });
  assert.match(await refusal(h, (await json<{ code: string }>(early)).code), /No reset was asked for/);

  writeFileSync(join(h.dataDir, SUPERVISOR_RESET_FILE), '');
  await h.restart();
  let state = await h.call('desk.state', {});
  assert.equal(state.supervisor.pinSet, true, 'the file alone no longer resets an enrolled desk');
  assert.equal((await h.call('hq.status', {})).resetArmed, true);

  const hour = 60 * 60_000;
  const expired = signResetCode(key.privateKey, 'T21', new Date(Date.now() - hour)).code;
  assert.match(await refusal(h, expired), /expired/);
  const other = signResetCode(key.privateKey, 'T22', new Date(Date.now() + hour)).code;
  assert.match(await refusal(h, other), /another desk/);
  const forger = generateKeyPairSync('ed25519').privateKey;
  const forged = signResetCode(forger, 'T21', new Date(Date.now() + hour)).code;
  assert.match(await refusal(h, forged), /did not issue this code/);
  assert.match(await refusal(h, 'not-a-code'), /not a head-office reset code/);
  assert.equal((await h.call('desk.state', {})).supervisor.pinSet, true, 'nothing refused reset anything');

  const issued = await json<{ code: string; nonce: string }>(
    hq.admin.post('/api/admin/reset-codes', { terminalId: 'T21' }),
  );
  assert.deepEqual(await h.call('supervisor.resetWithCode', { code: issued.code }), { reset: true });
  state = await h.call('desk.state', {});
  assert.equal(state.supervisor.pinSet, false, 'the supervisor sets a new PIN');
  assert.equal(existsSync(join(h.dataDir, SUPERVISOR_RESET_FILE)), false);
  await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });

  // The same code again, with the file put back, across a restart: spent.
  writeFileSync(join(h.dataDir, SUPERVISOR_RESET_FILE), '');
  await h.restart();
  await h.call('desk.unlock', { pin: OPERATOR_PIN });
  assert.match(await refusal(h, issued.code), /used already/);

  // The reset is in the audit trail with its nonce, journalled for the head office.
  await uploaded(h);
  const reset = journal(h).find((e) => e.kind === 'audit' && e.body.action === 'supervisor_reset');
  assert.ok(reset && reset.kind === 'audit');
  assert.equal(reset.body.detail.nonce, issued.nonce);
});
