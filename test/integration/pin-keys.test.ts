// PINs a copy of the database cannot confirm: each hash keyed with the pepper in the OS keychain
// and each row sealed with a MAC; a PIN given to one person only; a supervisor PIN of 6–8 digits;
// hashes from before the pepper sealed, still accepted, and hashed again; a backup restored on a
// machine without the pepper asks for the PINs again. The supervisor's unlocked time, on a clock
// the test moves by hand.
import assert from 'node:assert/strict';
import { createHmac, randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, test } from 'node:test';
import keytar from 'keytar';
import type { AppError, Result } from '../../common/contract.ts';
import { englishRefusal } from '../../common/refusal.ts';
import { SUPERVISOR_GRANT_CAP_MS, SUPERVISOR_GRANT_MS } from '../../main/staff/supervisor.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { createPepperVault, PEPPER_ACCOUNT } from '../../main/vault/pepper.ts';
import { testClock } from '../support/clock.ts';
import { type Harness, startHarness } from '../support/core.ts';
import { OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';

/** Cheap enough to try every 4-digit PIN in a test; production keeps N = 2^15 (pins.test.ts). */
const CHEAP = { N: 16, r: 8, p: 1 };

function refusal(result: Result<unknown>): AppError {
  assert.equal(result.ok, false, `accepted: ${JSON.stringify(result).slice(0, 300)}`);
  return (result as { ok: false; error: AppError }).error;
}

function pinRow(h: Harness, subject: string): { hash: string; mac: string | null } {
  const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE), { readOnly: true });
  try {
    const row = db.prepare('SELECT * FROM pins WHERE subject = ?').get(subject);
    assert.ok(row, `no PIN row for ${subject}`);
    return { hash: String(row.hash), mac: row.mac == null ? null : String(row.mac) };
  } finally {
    db.close();
  }
}

function writeDb(h: Harness, sql: string, ...values: (string | null)[]) {
  const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
  try {
    db.prepare(sql).run(...values);
  } finally {
    db.close();
  }
}

/** A hash as CashDesk made them before the pepper: `scrypt$N$r$p$salt$key`. */
function legacyHash(pin: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(pin, salt, 32, CHEAP);
  return ['scrypt', CHEAP.N, CHEAP.r, CHEAP.p, salt.toString('base64'), key.toString('base64')].join('$');
}

async function logEvents(h: Harness): Promise<string[]> {
  await h.core.log.flush();
  return readFileSync(join(h.dataDir, 'cashdesk.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).event);
}

/** Every 4-digit PIN against a stored hash, with the salt and cost it carries; the PINs that match. */
function search(stored: string, secret: (pin: string) => string | Buffer): string[] {
  const parts = stored.split('$');
  const [n, r, p, salt, key] = parts.slice(-5);
  const expected = Buffer.from(key!, 'base64');
  const found: string[] = [];
  for (let i = 0; i < 10_000; i++) {
    const pin = String(i).padStart(4, '0');
    const derived = scryptSync(secret(pin), Buffer.from(salt!, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      // Room for the production cost too (128 * N * r bytes is Node's default ceiling exactly).
      maxmem: 64 * 1024 * 1024,
    });
    if (derived.equals(expected)) found.push(pin);
  }
  return found;
}

describe('a copy of the database', () => {
  test('confirms no PIN without the keychain: every 4-digit PIN tried with plain scrypt matches nothing', async (t) => {
    const h = await startHarness(t, { day: { pinHash: CHEAP } });
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    const { id } = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
    const { hash } = pinRow(h, `operator:${id}`);
    assert.deepEqual(
      search(hash, (pin) => pin),
      [],
      'the PIN confirmed from the file alone',
    );
    // The same search with the keychain's pepper finds it: the search itself is sound.
    const pepper = Buffer.from((await keytar.getPassword(h.keychainService, PEPPER_ACCOUNT))!, 'base64');
    assert.deepEqual(
      search(hash, (pin) => createHmac('sha256', pepper).update(pin).digest()),
      [OPERATOR_PIN],
    );
  });

  test('a PIN hash swapped into another row is refused as tampering, and the supervisor is told', async (t) => {
    const h = await startHarness(t, { day: { pinHash: CHEAP } });
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    const aigerim = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
    const dmitry = await h.call('operators.add', { name: 'Dmitry', pin: '6041739' });
    // Aigerim's hash, whose PIN she knows, written over Dmitry's.
    writeDb(
      h,
      'UPDATE pins SET hash = ? WHERE subject = ?',
      pinRow(h, `operator:${aigerim.id}`).hash,
      `operator:${dmitry.id}`,
    );
    const swapped = refusal(
      await h.invoke('shift.open', { operatorId: dmitry.id, pin: OPERATOR_PIN, float: [] }),
    );
    assert.deepEqual([swapped.kind, swapped.field], ['locked', 'pin']);
    assert.match(swapped.message, /Operator Dmitry's PIN was changed outside CashDesk/);
    // The MAC copied too still names Aigerim: refused all the same.
    const row = pinRow(h, `operator:${aigerim.id}`);
    writeDb(
      h,
      'UPDATE pins SET hash = ?, mac = ? WHERE subject = ?',
      row.hash,
      row.mac,
      `operator:${dmitry.id}`,
    );
    assert.match(
      refusal(await h.invoke('shift.open', { operatorId: dmitry.id, pin: OPERATOR_PIN, float: [] })).message,
      /changed outside CashDesk/,
    );
    // A hash of a known PIN in the old format, with no MAC, over the supervisor's.
    writeDb(h, "UPDATE pins SET hash = ?, mac = NULL WHERE subject = 'supervisor'", legacyHash('580314'));
    const supervisor = refusal(await h.invoke('supervisor.unlock', { pin: '580314' }));
    assert.match(supervisor.message, /The supervisor's PIN was changed outside CashDesk/);
    const state = await h.call('desk.state', {});
    assert.deepEqual(state.pins.tampered.map(englishRefusal).sort(), ['Operator Dmitry', 'The supervisor']);
    assert.equal((await logEvents(h)).filter((e) => e === 'pin_tampered').length, 3);
  });
});

describe('each PIN its own', () => {
  test("an operator's PIN is never the supervisor's or another operator's; a new supervisor PIN has 6–8 digits", async (t) => {
    const h = await startHarness(t, { day: { pinHash: CHEAP } });
    const short = refusal(await h.invoke('supervisor.setPin', { pin: '4826' }));
    assert.deepEqual([short.kind, short.field], ['validation', 'pin']);
    assert.match(short.message, /6 to 8 digits/);
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    const asSupervisor = refusal(await h.invoke('operators.add', { name: 'Aigerim', pin: SUPERVISOR_PIN }));
    assert.deepEqual([asSupervisor.kind, asSupervisor.field], ['validation', 'pin']);
    assert.match(asSupervisor.message, /That is the supervisor’s PIN/);
    const aigerim = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
    const twice = refusal(await h.invoke('operators.add', { name: 'Dmitry', pin: OPERATOR_PIN }));
    assert.match(twice.message, /Another operator already has that PIN/);
    const dmitry = await h.call('operators.add', { name: 'Dmitry', pin: '6041739' });
    assert.match(
      refusal(await h.invoke('operators.setPin', { operatorId: dmitry.id, pin: OPERATOR_PIN })).message,
      /Another operator already has that PIN/,
    );
    assert.match(
      refusal(await h.invoke('operators.setPin', { operatorId: dmitry.id, pin: SUPERVISOR_PIN })).message,
      /supervisor’s PIN/,
    );
    // Their own PIN again is theirs to keep; a removed operator's PIN is free again.
    await h.call('operators.setPin', { operatorId: aigerim.id, pin: OPERATOR_PIN });
    await h.call('operators.remove', { operatorId: aigerim.id });
    await h.call('operators.add', { name: 'Saule', pin: OPERATOR_PIN });
    const changed = refusal(
      await h.invoke('supervisor.setPin', { pin: '6041739', currentPin: SUPERVISOR_PIN }),
    );
    assert.equal(changed.kind, 'validation', 'the supervisor takes no one else’s either');
  });

  test('a shorter supervisor PIN from before keeps working, asks for a new one, and is hashed again with the pepper', async (t) => {
    const h = await startHarness(t, { day: { pinHash: CHEAP } });
    writeDb(
      h,
      "INSERT INTO pins (subject, hash, set_at, failures) VALUES ('supervisor', ?, '2026-01-01T00:00:00.000Z', 0)",
      legacyHash('58203'),
    );
    await h.restart();
    // Sealed at start, with a pepper made for it.
    assert.ok(pinRow(h, 'supervisor').mac);
    assert.equal((await h.call('desk.state', {})).supervisor.newPinNeeded, false);
    const unlocked = await h.call('supervisor.unlock', { pin: '58203' });
    assert.equal(unlocked.supervisor.newPinNeeded, true);
    assert.match(pinRow(h, 'supervisor').hash, /^hmac-scrypt\$/);
    await h.call('supervisor.lock', {});
    await h.call('supervisor.unlock', { pin: '58203' });
    const renewed = await h.call('supervisor.setPin', { pin: '580314', currentPin: '58203' });
    assert.equal(renewed.supervisor.newPinNeeded, false);
    assert.ok((await logEvents(h)).includes('pin_rehashed'));
  });
});

describe('restored on a new machine', () => {
  test('a keychain without the pepper: the desk asks a supervisor to set the PINs again', async (t) => {
    const h = await startHarness(t, { day: { pinHash: CHEAP } });
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    const { id } = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
    const newMachine = `cashdesk-test-${randomUUID()}`;
    t.after(() => createPepperVault(newMachine).remove());
    (h.coreOptions as { keychainService: string }).keychainService = newMachine;
    await h.restart();
    const state = await h.call('desk.state', {});
    assert.equal(state.pins.needReset, true);
    assert.equal(state.supervisor.pinSet, false);
    assert.deepEqual(state.pins.tampered, []);
    assert.equal(
      refusal(await h.invoke('shift.open', { operatorId: id, pin: OPERATOR_PIN, float: [] })).kind,
      'locked',
    );
    const reset = await h.call('supervisor.setPin', { pin: '580314' });
    assert.deepEqual([reset.pins.needReset, reset.supervisor.pinSet], [false, true]);
    const noPin = refusal(await h.invoke('shift.open', { operatorId: id, pin: OPERATOR_PIN, float: [] }));
    assert.match(noPin.message, /has no PIN set/);
    await h.call('operators.setPin', { operatorId: id, pin: OPERATOR_PIN });
    assert.equal(
      (await h.call('shift.open', { operatorId: id, pin: OPERATOR_PIN, float: [] })).operator?.id,
      id,
    );
  });
});

describe("the supervisor's unlocked time", () => {
  test('renewed only by a call that succeeded (not by one refused at once or after an await), never past 15 minutes from the unlock; a new PIN needs the current one', async (t) => {
    const clock = testClock({ at: Date.parse('2026-11-25T09:00:00Z') });
    const h = await startHarness(t, { day: { pinHash: CHEAP }, clock });
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    const { id } = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
    const minutes = (n: number) => n * 60_000;
    const unlockedUntil = async () => (await h.call('desk.state', {})).supervisor.unlockedUntil;

    // A refused call renews nothing.
    clock.advance(minutes(4));
    assert.equal(refusal(await h.invoke('operators.remove', { operatorId: 999 })).kind, 'not_found');
    clock.advance(SUPERVISOR_GRANT_MS - minutes(4) + 1);
    assert.equal(await unlockedUntil(), null, 'a failed call kept the supervisor unlocked');

    // Nor does one that fails only after an await: a new operator given the supervisor's PIN is
    // refused once the PIN's key is read from the keychain and the other hashes are checked.
    await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
    clock.advance(minutes(4));
    const late = refusal(await h.invoke('operators.add', { name: 'Dana', pin: SUPERVISOR_PIN }));
    assert.deepEqual([late.kind, late.field], ['validation', 'pin']);
    assert.match(late.message, /supervisor’s PIN/);
    clock.advance(SUPERVISOR_GRANT_MS - minutes(4) + 1);
    assert.equal(
      await unlockedUntil(),
      null,
      'a call that failed asynchronously kept the supervisor unlocked',
    );

    // Calls that succeed renew it, but not past the cap.
    await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
    const unlockedAt = clock.now();
    for (let at = minutes(4); at < SUPERVISOR_GRANT_CAP_MS; at += minutes(4)) {
      clock.set(unlockedAt + at);
      await h.call('operators.unlock', { operatorId: id });
    }
    clock.set(unlockedAt + SUPERVISOR_GRANT_CAP_MS - 1);
    assert.equal(await unlockedUntil(), new Date(unlockedAt + SUPERVISOR_GRANT_CAP_MS).toISOString());
    clock.set(unlockedAt + SUPERVISOR_GRANT_CAP_MS);
    assert.equal(await unlockedUntil(), null, 'one unlock lasted past the cap');
    assert.equal(refusal(await h.invoke('operators.unlock', { operatorId: id })).kind, 'locked');

    // Unlocked or not, a new supervisor PIN needs the current one.
    await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
    const bare = refusal(await h.invoke('supervisor.setPin', { pin: '580314' }));
    assert.deepEqual([bare.kind, bare.field], ['locked', 'currentPin']);
    assert.equal(
      refusal(await h.invoke('supervisor.setPin', { pin: '580314', currentPin: '51739264' })).kind,
      'pin_refused',
    );
    await h.call('supervisor.setPin', { pin: '580314', currentPin: SUPERVISOR_PIN });
    await h.call('supervisor.unlock', { pin: '580314' });
  });
});
