// The signed journal against a real HQ on a real PostgreSQL: a desk registers its Ed25519 key at
// enrolment, and HQ stores a batch only when that key signed its last entry's hash. A copied token
// alone (no signature, another desk's, a forged one, or a signature lifted from another batch)
// stores nothing and raises an alarm for the desk.
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { enrolmentCodeFor, hqForFile, json, SimDesk, type TestHq } from './support.ts';

// One HQ for the file: each test enrols terminals of its own, and its days number their operations
// apart (HQ keys an operation by its number).
const hq = hqForFile();

/** What HQ holds of `terminalId`: entries, high-water and its alarms by kind. */
async function held(hq: TestHq, terminalId: string) {
  const entries = await hq.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM hq_entries WHERE terminal_id = $1',
    [terminalId],
  );
  const desk = await hq.db.query<{ high_water: string; alarms: number }>(
    'SELECT high_water::text AS high_water, alarms FROM hq_desks WHERE terminal_id = $1',
    [terminalId],
  );
  const alarms = await json<{ alarms: { terminalId: string; seq: string; kind: string }[] }>(
    hq.admin.get('/api/alarms'),
  );
  return {
    entries: entries.rows[0]!.n,
    highWater: Number(desk.rows[0]!.high_water),
    alarms: desk.rows[0]!.alarms,
    listed: alarms.alarms.filter((a) => a.terminalId === terminalId).map((a) => [a.seq, a.kind]),
  };
}

async function refusal(response: Response) {
  return [response.status, ((await response.json()) as { error: string }).error];
}

test('a batch without a signature is refused: nothing stored, an alarm for the desk', async () => {
  const desk = await SimDesk.enrol(hq, 'T-1');
  desk.day('A');
  assert.deepEqual(await refusal(await desk.upload(desk.entries, null)), [403, 'signature_missing']);
  assert.deepEqual(await held(hq, 'T-1'), {
    entries: 0,
    highWater: 0,
    alarms: 1,
    listed: [['7', 'signature']],
  });
  assert.equal(await desk.sync(), 7, 'the desk’s own signed batch still goes in');
});

test('a batch signed with another desk’s key is refused, even when that desk is enrolled', async () => {
  const desk = await SimDesk.enrol(hq, 'T-2');
  const other = await SimDesk.enrol(hq, 'T-2B');
  desk.day('B');
  const response = await desk.upload(desk.entries, other.sign(desk.entries));
  assert.deepEqual(await refusal(response), [403, 'signature_invalid']);
  assert.deepEqual(await held(hq, 'T-2'), {
    entries: 0,
    highWater: 0,
    alarms: 1,
    listed: [['7', 'signature']],
  });
});

test('a valid token with a forged signature stores nothing and raises an alarm', async () => {
  const desk = await SimDesk.enrol(hq, 'T-3');
  desk.day('C');
  await desk.sync();
  // Whoever copied the token writes a fact of their own on the desk's chain, hashed as it should be.
  desk.record('shift_closed', { shiftId: 'C-S', operator: 'Mallory' });
  const forged = desk.entries.slice(7);
  const random = await desk.upload(forged, randomBytes(64).toString('base64url'));
  assert.deepEqual(await refusal(random), [403, 'signature_invalid']);
  // The desk's real signature of an earlier batch, carried over to this one.
  const lifted = await desk.upload(forged, desk.sign(desk.entries.slice(0, 7)));
  assert.deepEqual(await refusal(lifted), [403, 'signature_invalid']);
  assert.deepEqual(await held(hq, 'T-3'), {
    entries: 7,
    highWater: 7,
    alarms: 2,
    listed: [
      ['8', 'signature'],
      ['8', 'signature'],
    ],
  });
  const view = await json<{ desk: { alarms: number } }>(hq.admin.get('/api/desks/T-3'));
  assert.equal(view.desk.alarms, 2);
});

test('a desk enrolled without a key uploads unsigned until it enrols again with one', async () => {
  const enrol = async (body: Record<string, unknown>) => {
    const { code } = await enrolmentCodeFor(hq, 'T-4');
    return fetch(`${hq.url}/api/desk/enrol`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, terminalId: 'T-4', ...body }),
    });
  };
  const desk = new SimDesk(hq.url, 'T-4');
  const legacy = await enrol({});
  desk.token = ((await legacy.json()) as { deskToken: string }).deskToken;
  desk.day('D');
  assert.equal((await desk.upload(desk.entries.slice(0, 3), null)).status, 200);

  // Only an Ed25519 public key is registered.
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
  const other = await enrol({ deskPublicKey: ec.export({ type: 'spki', format: 'pem' }).toString() });
  assert.equal(other.status, 400);

  const keyed = await enrol({ deskPublicKey: desk.keys.publicKeyPem });
  desk.token = ((await keyed.json()) as { deskToken: string }).deskToken;
  assert.deepEqual(await refusal(await desk.upload(desk.entries.slice(3), null)), [403, 'signature_missing']);
  assert.equal(await desk.sync(), 7);
  assert.deepEqual((await held(hq, 'T-4')).listed, [['7', 'signature']]);
});
