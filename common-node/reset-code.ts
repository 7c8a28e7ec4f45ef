// Supervisor-reset codes: the head office signs {terminalId, nonce, expiresAt} with its Ed25519
// key; the desk checks the code offline with the public key it received at enrolment. Plain
// node:crypto, so the desk's core (main/) imports verifyResetCode from here.
//
// The code is base64url(canonical payload) "." base64url(signature): short enough to paste or
// scan, and the payload is readable without a key (the desk shows for which terminal, until when).
import { type KeyObject, randomBytes, sign, verify } from 'node:crypto';
import {
  canonicalJson,
  ResetCodePayload as Payload,
  ResetCode,
  type ResetCodePayload,
} from '../common/journal-entry.ts';

/** How far the desk's clock may be ahead of HQ's when checking expiry. */
export const RESET_CLOCK_SKEW_MS = 5 * 60_000;

export function signResetCode(
  privateKey: KeyObject,
  terminalId: string,
  expiresAt: Date,
): { code: string; payload: ResetCodePayload } {
  const payload: ResetCodePayload = {
    terminalId,
    nonce: randomBytes(16).toString('hex'),
    expiresAt: expiresAt.toISOString(),
  };
  const text = Buffer.from(canonicalJson(payload));
  const signature = sign(null, text, privateKey);
  return { code: `${text.toString('base64url')}.${signature.toString('base64url')}`, payload };
}

export type ResetCheck =
  | { ok: true; payload: ResetCodePayload }
  | { ok: false; reason: 'malformed' | 'forged' | 'other_terminal' | 'expired' | 'used' };

/**
 * Whether `code` lets this terminal reset its supervisor now. `used` holds the nonces this desk
 * already spent (the desk keeps them, durably, and adds the nonce once the reset is done): HQ is not
 * asked, as the desk may be offline.
 */
export function verifyResetCode(
  code: string,
  publicKeyPem: string,
  terminalId: string,
  options: { now?: Date; used?: ReadonlySet<string> } = {},
): ResetCheck {
  const parsed = ResetCode.safeParse(code);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const [textPart, signaturePart] = parsed.data.split('.') as [string, string];
  const text = Buffer.from(textPart, 'base64url');
  let genuine: boolean;
  try {
    genuine = verify(null, text, publicKeyPem, Buffer.from(signaturePart, 'base64url'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!genuine) return { ok: false, reason: 'forged' };
  let payload: ResetCodePayload;
  try {
    const read = Payload.safeParse(JSON.parse(text.toString('utf8')));
    if (!read.success) return { ok: false, reason: 'malformed' };
    payload = read.data;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (payload.terminalId !== terminalId) return { ok: false, reason: 'other_terminal' };
  const now = (options.now ?? new Date()).getTime();
  if (Date.parse(payload.expiresAt) + RESET_CLOCK_SKEW_MS < now) return { ok: false, reason: 'expired' };
  if (options.used?.has(payload.nonce)) return { ok: false, reason: 'used' };
  return { ok: true, payload };
}
