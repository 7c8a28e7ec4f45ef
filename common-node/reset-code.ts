// Supervisor-reset codes: the head office signs {terminalId, nonce, expiresAt} with its Ed25519
// key; the desk checks the code offline with the public key it received at enrolment. Plain
// node:crypto, so the desk's core (main/) imports verifyResetCode from here.
//
// The code's bytes and how they are typed are common/reset-code-layout.ts: checked blocks a
// person types or a scanner reads from the dashboard's QR code.
import { createHash, type KeyObject, randomBytes, sign, verify } from 'node:crypto';
import type { ResetCodePayload } from '../common/journal-entry.ts';
import {
  RESET_NONCE_BYTES,
  readResetCode,
  resetCodeBody,
  resetCodeText,
} from '../common/reset-code-layout.ts';

/** How far the desk's clock may be ahead of HQ's when checking expiry. */
export const RESET_CLOCK_SKEW_MS = 5 * 60_000;

/** Names what is signed, so no other message signed with HQ's key can pass for a reset code. */
const PURPOSE = 'CashDesk supervisor reset 1\0';

/** One byte of the terminal ID's hash: says a code was made for another desk rather than made up. */
const terminalTag = (terminalId: string) => createHash('sha256').update(terminalId).digest()[0]!;

const signedText = (terminalId: string, body: Uint8Array) =>
  Buffer.concat([Buffer.from(`${PURPOSE}${terminalId}\0`), body]);

export function signResetCode(
  privateKey: KeyObject,
  terminalId: string,
  expiresAt: Date,
): { code: string; payload: ResetCodePayload } {
  const nonce = randomBytes(RESET_NONCE_BYTES);
  const body = resetCodeBody(nonce, expiresAt, terminalTag(terminalId));
  const signature = sign(null, signedText(terminalId, body), privateKey);
  const payload: ResetCodePayload = {
    terminalId,
    nonce: nonce.toString('hex'),
    expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString(),
  };
  return { code: resetCodeText(body, signature), payload };
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
  const parts = readResetCode(code);
  if (!parts) return { ok: false, reason: 'malformed' };
  if (!verify(null, signedText(terminalId, parts.body), publicKeyPem, parts.signature))
    return { ok: false, reason: parts.terminalTag === terminalTag(terminalId) ? 'forged' : 'other_terminal' };
  const now = (options.now ?? new Date()).getTime();
  if (Date.parse(parts.expiresAt) + RESET_CLOCK_SKEW_MS < now) return { ok: false, reason: 'expired' };
  if (options.used?.has(parts.nonce)) return { ok: false, reason: 'used' };
  return { ok: true, payload: { terminalId, nonce: parts.nonce, expiresAt: parts.expiresAt } };
}
