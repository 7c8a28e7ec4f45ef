// Secrets HQ hands out or checks: desk tokens, session ids, enrolment codes (stored as SHA-256, as
// they are random and long: a leaked table gives nothing to replay), and staff passwords (scrypt:
// memory-hard, as people choose them).
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A one-time enrolment code a person reads out and types: ABCD-EFGH-JKLM-NPQR (80 bits). */
export function enrolmentCode(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

// N = 2^15, r = 8: 32 MiB and ~100 ms a hash here, OWASP's floor for scrypt being 2^17 × 8 / p=1
// at its memory cost; the parameters go into the stored text so they can be raised later.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: Buffer, params: typeof SCRYPT): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, 32, params, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password HQ makes up for a new account (the first admin, a new user): shown once. */
export const randomPassword = (): string => randomBytes(15).toString('base64url');
