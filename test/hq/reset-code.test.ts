// Supervisor-reset codes: issued by HQ (and logged), checked by the desk offline with the key it
// received at enrolment.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, test } from 'node:test';
import { readResetCode, resetCodeBody, resetCodeText } from '../../common/reset-code-layout.ts';
import { signResetCode, verifyResetCode } from '../../common-node/reset-code.ts';
import { type Postgres, startPostgres } from './postgres.ts';
import { enrolmentCodeFor, json, startTestHq } from './support.ts';

let pg: Postgres;
before(async () => {
  pg = await startPostgres();
});
after(() => pg.stop());

test('a reset code is valid once, for its own terminal, and a forged one is refused', async (t) => {
  const hq = await startTestHq(t, pg);
  const { code: enrolment } = await enrolmentCodeFor(hq, 'T-1');
  const enrolled = await json<{ hqSigningKey: string }>(
    fetch(`${hq.url}/api/desk/enrol`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: enrolment, terminalId: 'T-1' }),
    }),
  );
  const key = enrolled.hqSigningKey;
  const issued = await json<{ code: string; nonce: string; expiresAt: string }>(
    hq.admin.post('/api/admin/reset-codes', { terminalId: 'T-1' }),
  );

  const valid = verifyResetCode(issued.code, key, 'T-1');
  assert.deepEqual(valid, {
    ok: true,
    payload: { terminalId: 'T-1', nonce: issued.nonce, expiresAt: issued.expiresAt },
  });
  const used = new Set([issued.nonce]);
  assert.deepEqual(verifyResetCode(issued.code, key, 'T-1', { used }), { ok: false, reason: 'used' });
  assert.deepEqual(verifyResetCode(issued.code, key, 'T-2'), { ok: false, reason: 'other_terminal' });
  const afterExpiry = new Date(Date.parse(issued.expiresAt) + 10 * 60_000);
  assert.deepEqual(verifyResetCode(issued.code, key, 'T-1', { now: afterExpiry }), {
    ok: false,
    reason: 'expired',
  });

  // Signed by a key that is not HQ's, and HQ's code with its expiry moved a day on.
  const mallory = generateKeyPairSync('ed25519').privateKey;
  const forged = signResetCode(mallory, 'T-1', new Date(Date.now() + 60_000)).code;
  assert.deepEqual(verifyResetCode(forged, key, 'T-1'), { ok: false, reason: 'forged' });
  const parts = readResetCode(issued.code);
  assert.ok(parts);
  const later = resetCodeBody(
    Buffer.from(parts.nonce, 'hex'),
    new Date(Date.now() + 24 * 3600_000),
    parts.terminalTag,
  );
  const edited = resetCodeText(later, parts.signature);
  assert.deepEqual(verifyResetCode(edited, key, 'T-1'), { ok: false, reason: 'forged' });
  assert.deepEqual(verifyResetCode('not a code', key, 'T-1'), { ok: false, reason: 'malformed' });

  const log = await hq.db.query<{ detail: { nonce: string } }>(
    "SELECT detail FROM hq_audit_log WHERE action = 'reset_code_issued' AND terminal_id = 'T-1'",
  );
  assert.deepEqual(
    log.rows.map((r) => r.detail.nonce),
    [issued.nonce],
  );
  assert.equal((await hq.admin.post('/api/admin/reset-codes', { terminalId: 'T-unknown' })).status, 404);
});
