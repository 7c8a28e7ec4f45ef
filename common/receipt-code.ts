// The text in a receipt's QR code, and how the Lookup screen reads it back. A keyboard-wedge
// scanner types the text and then Enter into whatever field has the focus, so the Lookup field
// takes either this code or a plain operation number.
import { LIMITS } from './limits.ts';
import { fromRussianLayout } from './wedge-layout.ts';

/** Versioned, so a later layout can be told apart from this one. */
const PREFIX = 'CD1';
const CODE = /^CD1:(\d{1,10}):(.+)$/;

/** The longest code a receipt carries: the Lookup field must take it whole. */
export const RECEIPT_CODE_MAX = PREFIX.length + 1 + 10 + 1 + LIMITS.operationNumber;

export function receiptCode(shopId: number, operationNumber: string): string {
  return `${PREFIX}:${shopId}:${operationNumber}`;
}

export type LookupInput = { shopId: number | null; operationNumber: string };

/**
 * A scanned receipt code gives the shop and the number; anything else is taken as a number typed
 * by hand, for the shop chosen on screen (shopId null).
 */
export function parseLookupInput(text: string): LookupInput {
  const typed = text.trim();
  // Only when the text as typed is not a code, so a number is never changed.
  const code = CODE.exec(typed) ?? CODE.exec(fromRussianLayout(typed));
  if (code) return { shopId: Number(code[1]), operationNumber: code[2]!.trim() };
  return { shopId: null, operationNumber: typed };
}
