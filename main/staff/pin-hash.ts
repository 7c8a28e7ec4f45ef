// PINs are kept only as a slow salted hash of the PIN keyed with the pepper (main/vault/pepper.ts):
// scrypt(HMAC-SHA-256(pepper, pin), salt). scrypt runs async, on libuv's thread pool, so a check
// never holds up the other IPC calls; N = 2^15 takes ~80 ms on a 2-core EPYC. A 4-digit PIN cannot
// withstand an offline search however slow the hash is, so the hash is worth nothing without the
// pepper, which stays in the OS keychain: a copy of the database confirms no PIN. At the desk, what
// stops guessing is the wait after 3 wrong tries and the lock-out after 10 (pin-guard.ts).
import { createHmac, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';

export type ScryptParams = { N: number; r: number; p: number };

export const PIN_HASH_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
// scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is exactly that, with no headroom.
const MAX_MEMORY = 64 * 1024 * 1024;

/** Hashes made before the pepper: still checked, and made again with it on the next right PIN. */
const LEGACY = 'scrypt';
const PEPPERED = 'hmac-scrypt';

function derive(secret: string | Buffer, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_BYTES, { ...params, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A fingerprint of the pepper, kept with each hash: which key a row was made under, never the key. */
export function keyId(pepper: Buffer): string {
  return createHmac('sha256', pepper).update('cashdesk-pin-key-id').digest('base64url').slice(0, 12);
}

const keyed = (pepper: Buffer, pin: string) => createHmac('sha256', pepper).update(pin).digest();

/** `hmac-scrypt$keyId$N$r$p$salt$key`, base64: the parameters travel with the hash, so they can be raised later. */
export async function hashPin(pin: string, pepper: Buffer, params: ScryptParams = PIN_HASH_PARAMS) {
  const salt = randomBytes(16);
  const key = await derive(keyed(pepper, pin), salt, params);
  return [
    PEPPERED,
    keyId(pepper),
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

/** The key a hash was made under: null for a hash from before the pepper. */
export function hashKeyId(stored: string): string | null {
  const [scheme, id] = stored.split('$');
  return scheme === PEPPERED ? (id ?? '') : null;
}

export const isLegacyHash = (stored: string) => stored.split('$')[0] === LEGACY;

export async function verifyPin(pin: string, stored: string, pepper: Buffer | null): Promise<boolean> {
  const parts = stored.split('$');
  let secret: string | Buffer;
  let rest: string[];
  if (parts[0] === LEGACY) {
    secret = pin;
    rest = parts.slice(1);
  } else if (parts[0] === PEPPERED && pepper && parts[1] === keyId(pepper)) {
    secret = keyed(pepper, pin);
    rest = parts.slice(2);
  } else {
    return false;
  }
  const [n, r, p, salt, key] = rest;
  if (!salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(secret, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** PINs anyone would try first: one digit repeated, or a straight run up or down (1234, 9876). */
function isGuessable(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - digits[i]!));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

/** A PIN being set: one anyone would try first is refused. */
export function checkNewPin(pin: string): void {
  if (isGuessable(pin)) {
    throw new AgentError('validation', refusal('pin.weak'), {
      field: 'pin',
    });
  }
}
