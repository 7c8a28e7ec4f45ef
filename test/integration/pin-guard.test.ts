// Every PIN check, call by call (main/staff/pin-guard.ts, pin-hash.ts): the tries answered at once,
// the wait after them that doubles up to its cap, the lock-out, a right PIN that starts the count
// over, what the operator list reads, and the hash itself: its format, the key it was made under,
// hashes from before the pepper, and the PINs anyone would try first.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { phrase } from '../../common/refusal.ts';
import { AgentError } from '../../main/app-error.ts';
import type { PinOwner } from '../../main/staff/pin-guard.ts';
import {
  checkNewPin,
  hashKeyId,
  hashPin,
  isLegacyHash,
  keyId,
  verifyPin,
} from '../../main/staff/pin-hash.ts';
import { CHEAP_PIN_HASH, type Staff, startStaff } from '../support/staff.ts';

const OWNER: PinOwner = {
  subject: 'supervisor',
  label: phrase('owner.supervisor'),
  unlock: phrase('unlock.supervisor'),
};
const RIGHT = '482615';
const WRONG = '000001';

async function withPin(staff: Staff) {
  const hash = await staff.book.make('supervisor', RIGHT);
  staff.store.durable(() => staff.book.write('supervisor', hash));
}

/** The refusal a check ends in. */
async function refusal(staff: Staff, pin: string): Promise<AgentError> {
  const error = await staff.guard.check(OWNER, pin).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof AgentError, `not refused: ${String(error)}`);
  return error;
}

const iso = (ms: number) => new Date(ms).toISOString();
const tries = (staff: Staff) => staff.logged.filter((l) => l.event === 'pin_attempt').map((l) => l.detail);

describe('the guard', () => {
  test('no PIN set: refused as locked', async (t) => {
    const staff = await startStaff(t);
    const error = await refusal(staff, RIGHT);
    assert.deepEqual(
      [error.kind, error.message, error.field],
      ['locked', 'The supervisor has no PIN set.', 'pin'],
    );
  });

  test('3 tries at once, then a wait that doubles up to its cap, then the lock-out after 10', async (t) => {
    const staff = await startStaff(t);
    await withPin(staff);
    const first = await refusal(staff, WRONG);
    assert.deepEqual(
      [first.kind, first.message, first.retryAt],
      ['pin_refused', 'Wrong PIN. 2 more tries before a wait.', undefined],
    );
    const second = await refusal(staff, WRONG);
    assert.deepEqual([second.message, second.field], ['Wrong PIN. 1 more try before a wait.', 'pin']);
    const start = staff.clock.now();
    const third = await refusal(staff, WRONG);
    assert.equal(third.retryAt, iso(start + 5_000));
    assert.equal(third.message, `Wrong PIN. The next try is checked from ${iso(start + 5_000)}.`);
    assert.deepEqual(staff.guard.state('supervisor'), { lockedOut: false, retryAt: iso(start + 5_000) });

    // During the wait even the right PIN is not checked, and no try is counted.
    staff.clock.advance(4_999);
    const early = await refusal(staff, RIGHT);
    assert.deepEqual([early.kind, early.retryAt], ['pin_refused', iso(start + 5_000)]);
    assert.equal(early.message, `Too many wrong PINs: try again after ${iso(start + 5_000)}.`);
    assert.equal(staff.store.staff.pin('supervisor')?.failures, 3);

    // The wait doubles with each wrong try (checked the moment it is over), up to 5 minutes.
    const waits = [10_000, 20_000, 40_000, 80_000, 160_000, 300_000];
    staff.clock.advance(1);
    for (const wait of waits) {
      const error = await refusal(staff, WRONG);
      assert.equal(error.retryAt, iso(staff.clock.now() + wait));
      staff.clock.advance(wait);
    }
    assert.deepEqual(staff.guard.state('supervisor'), { lockedOut: false, retryAt: null });
    const tenth = await refusal(staff, WRONG);
    assert.deepEqual([tenth.kind, tenth.field, tenth.retryAt], ['locked', 'pin', undefined]);
    assert.equal(
      tenth.message,
      'The supervisor is locked out after 10 wrong PINs: reset the supervisor PIN as "A forgotten supervisor PIN" in the README describes.',
    );
    assert.equal(staff.store.staff.pin('supervisor')?.lockedAt, iso(staff.clock.now()));
    assert.equal(staff.store.staff.pin('supervisor')?.retryAt, null);
    assert.deepEqual(staff.guard.state('supervisor'), { lockedOut: true, retryAt: null });

    staff.clock.advance(3_600_000);
    const after = await refusal(staff, RIGHT);
    assert.deepEqual(
      [after.kind, after.message],
      [
        'locked',
        'The supervisor is locked out after 10 wrong PINs: reset the supervisor PIN as "A forgotten supervisor PIN" in the README describes.',
      ],
    );
    assert.deepEqual(
      tries(staff).map((d) => d.outcome),
      [
        'refused',
        'refused',
        'refused',
        'too_soon',
        ...waits.map(() => 'refused'),
        'refused_locked_out',
        'locked_out',
      ],
    );
    assert.deepEqual(tries(staff).at(-1), { subject: 'supervisor', outcome: 'locked_out', failures: 10 });
    assert.ok(!JSON.stringify(staff.logged).includes(RIGHT));
  });

  test('a right PIN starts the count over, and each try is counted before the hash is compared', async (t) => {
    const staff = await startStaff(t);
    await withPin(staff);
    await refusal(staff, WRONG);
    await refusal(staff, WRONG);
    await staff.guard.check(OWNER, RIGHT);
    const row = staff.store.staff.pin('supervisor');
    assert.deepEqual([row?.failures, row?.retryAt, row?.lockedAt], [0, null, null]);
    assert.deepEqual(tries(staff).at(-1), { subject: 'supervisor', outcome: 'accepted', failures: 0 });
    assert.equal((await refusal(staff, WRONG)).message, 'Wrong PIN. 2 more tries before a wait.');
  });

  test('a right PIN once the wait is over is taken; parallel guesses meet one count', async (t) => {
    const staff = await startStaff(t, { policy: { freeTries: 1, delayMs: 1_000 } });
    await withPin(staff);
    const [a, b] = await Promise.all([refusal(staff, WRONG), refusal(staff, WRONG)]);
    assert.equal(a.retryAt, iso(staff.clock.now() + 1_000));
    assert.equal(b.message, `Too many wrong PINs: try again after ${a.retryAt}.`);
    staff.clock.advance(1_000);
    await staff.guard.check(OWNER, RIGHT);
    assert.deepEqual(staff.guard.state('supervisor'), { lockedOut: false, retryAt: null });
  });

  test('the state of a subject without a row', async (t) => {
    const staff = await startStaff(t);
    assert.deepEqual(staff.guard.state('operator:7'), { lockedOut: false, retryAt: null });
  });
});

describe('the hash', () => {
  const pepper = randomBytes(32);

  test('carries its scheme, key, parameters, salt and key; checks only under its own key', async () => {
    const stored = await hashPin('7391', pepper, CHEAP_PIN_HASH);
    const parts = stored.split('$');
    assert.deepEqual(parts.slice(0, 5), ['hmac-scrypt', keyId(pepper), '16', '8', '1']);
    assert.equal(Buffer.from(parts[5]!, 'base64').length, 16);
    assert.equal(Buffer.from(parts[6]!, 'base64').length, 32);
    assert.equal(keyId(pepper).length, 12);
    // Pinned: a different id would orphan every PIN row a desk has.
    assert.equal(keyId(Buffer.alloc(32)), 'EKrzQezas8TG');
    assert.notEqual(keyId(pepper), keyId(randomBytes(32)));
    assert.equal(hashKeyId(stored), keyId(pepper));
    assert.equal(isLegacyHash(stored), false);
    assert.equal(await verifyPin('7391', stored, pepper), true);
    assert.equal(await verifyPin('7392', stored, pepper), false);
    assert.equal(await verifyPin('7391', stored, randomBytes(32)), false);
    assert.equal(await verifyPin('7391', stored, null), false);
    assert.notEqual(await hashPin('7391', pepper, CHEAP_PIN_HASH), stored);
  });

  test('a hash from before the pepper is still checked; a broken one never matches', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = scryptSync('7391', salt, 32, CHEAP_PIN_HASH);
    const legacy = ['scrypt', 16, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    assert.equal(isLegacyHash(legacy), true);
    assert.equal(hashKeyId(legacy), null);
    assert.equal(await verifyPin('7391', legacy, null), true);
    assert.equal(await verifyPin('7391', legacy, pepper), true);
    assert.equal(await verifyPin('1739', legacy, null), false);
    assert.equal(
      await verifyPin('7391', ['scrypt', 16, 8, 1, salt.toString('base64')].join('$'), null),
      false,
    );
    assert.equal(
      await verifyPin('7391', ['scrypt', 16, 8, 1, '', key.toString('base64')].join('$'), null),
      false,
    );
    const short = ['scrypt', 16, 8, 1, salt.toString('base64'), key.subarray(0, 16).toString('base64')].join(
      '$',
    );
    assert.equal(await verifyPin('7391', short, null), false);
    assert.equal(await verifyPin('7391', `md5$${legacy}`, pepper), false);
    assert.equal(hashKeyId('hmac-scrypt'), '');
  });

  test('by default with N = 2^15, r = 8, p = 1', async () => {
    assert.deepEqual((await hashPin('7391', pepper)).split('$').slice(2, 5), ['32768', '8', '1']);
  });

  test('refuses the PINs anyone tries first, and only those', () => {
    for (const pin of ['0000', '1111', '1234', '3456', '9876', '543210', '12345678']) {
      assert.throws(
        () => checkNewPin(pin),
        (e: unknown) =>
          e instanceof AgentError &&
          e.kind === 'validation' &&
          e.field === 'pin' &&
          e.message === 'Choose a PIN that is not one digit repeated or a straight run.',
        pin,
      );
    }
    for (const pin of ['1357', '1235', '2468', '9753', '4826', '1212', '1010']) checkNewPin(pin);
  });
});
