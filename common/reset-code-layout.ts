// The head office's supervisor-reset code, byte by byte: what HQ signs and the desk checks
// (common-node/reset-code.ts), and what the desk's screen reads from a code to say until when it is
// valid before it is sent.
//
// The code carries only what the desk cannot know: the nonce, the expiry and the Ed25519 signature.
// The terminal ID is signed but not carried, since the desk checks the code with its own ID; one byte
// of its hash tells a code for another desk from a forged one. The 64-byte signature is the bulk,
// and is kept whole. The nonce only has to differ between the codes of one terminal, which 64
// random bits do; the signature, not the nonce, keeps a code from being made up. 77 bytes are 124
// letters, 31 blocks: 155 characters to type, where the signed JSON took about 240.
import { BLOCK_LETTERS, bytesOf, lettersOf, readBlocks, toBlocks } from './checked-blocks.ts';

export const RESET_NONCE_BYTES = 8;
const EXPIRY_BYTES = 4;
const TAG_BYTES = 1;
const SIGNATURE_BYTES = 64;
/** Nonce, expiry (seconds since 1970, big-endian) and terminal tag: what is signed, with the terminal ID. */
export const RESET_BODY_BYTES = RESET_NONCE_BYTES + EXPIRY_BYTES + TAG_BYTES;
const CODE_BYTES = RESET_BODY_BYTES + SIGNATURE_BYTES;
export const RESET_CODE_BLOCKS = Math.ceil(Math.ceil((CODE_BYTES * 8) / 5) / BLOCK_LETTERS);

export type ResetCodeParts = {
  /** Hex, as the desk keeps it once spent and HQ logs it. */
  nonce: string;
  expiresAt: string;
  terminalTag: number;
  body: Uint8Array;
  signature: Uint8Array;
};

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The body HQ signs (with the terminal ID): the expiry to the second. */
export function resetCodeBody(nonce: Uint8Array, expiresAt: Date, terminalTag: number): Uint8Array {
  if (nonce.length !== RESET_NONCE_BYTES) throw new RangeError('a reset nonce is 8 bytes');
  const body = new Uint8Array(RESET_BODY_BYTES);
  body.set(nonce, 0);
  new DataView(body.buffer).setUint32(RESET_NONCE_BYTES, Math.floor(expiresAt.getTime() / 1000));
  body[RESET_BODY_BYTES - 1] = terminalTag & 0xff;
  return body;
}

/** The code as shown, printed and put in the QR code: checked blocks joined by dashes. */
export function resetCodeText(body: Uint8Array, signature: Uint8Array): string {
  const bytes = new Uint8Array(CODE_BYTES);
  bytes.set(body, 0);
  bytes.set(signature, RESET_BODY_BYTES);
  return toBlocks(lettersOf(bytes)).join('-');
}

/** The parts of a code typed or scanned whole and right; null otherwise (readBlocks says where). */
export function readResetCode(typed: string): ResetCodeParts | null {
  const { letters } = readBlocks(typed, RESET_CODE_BLOCKS);
  const bytes = letters === null ? null : bytesOf(letters, CODE_BYTES);
  if (!bytes) return null;
  const body = bytes.slice(0, RESET_BODY_BYTES);
  const seconds = new DataView(body.buffer).getUint32(RESET_NONCE_BYTES);
  return {
    nonce: hex(body.slice(0, RESET_NONCE_BYTES)),
    expiresAt: new Date(seconds * 1000).toISOString(),
    terminalTag: body[RESET_BODY_BYTES - 1]!,
    body,
    signature: bytes.slice(RESET_BODY_BYTES),
  };
}
