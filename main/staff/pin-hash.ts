// PINs are kept only as a slow salted hash: scrypt, async, so a check runs on libuv's thread pool
// and never holds up the other IPC calls. N = 2^15 takes ~80 ms on a 2-core EPYC: slow for a guesser
// holding the file, quick at the counter. A 4-digit PIN cannot withstand an offline search of the
// file however slow the hash is; what stops guessing is the wait after 3 wrong tries and the
// lock-out after 10 (pin-guard.ts), and the database belongs to the OS user.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { AgentError } from '../app-error.ts';

const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
// scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is exactly that, with no headroom.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(pin: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, KEY_BYTES, { ...params, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$key`, base64: the parameters travel with the hash, so they can be raised later. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(pin, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** PINs anyone would try first: one digit repeated, or a straight run up or down (1234, 9876). */
function isGuessable(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - digits[i]!));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

/** The hash of a PIN being set; one anyone would try first is refused. */
export function hashNewPin(pin: string): Promise<string> {
  if (isGuessable(pin)) {
    throw new AgentError('validation', 'Choose a PIN that is not one digit repeated or a straight run.', {
      field: 'pin',
    });
  }
  return hashPin(pin);
}
