// The text in a receipt's QR code, and how the Lookup screen reads it back. A keyboard-wedge
// scanner types the text and then Enter into whatever field has the focus, so the Lookup field
// takes either this code or a plain operation number.
import { LIMITS } from './limits.ts';

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
  const code = CODE.exec(typed) ?? CODE.exec(fromRussianLayout(typed));
  if (code) return { shopId: Number(code[1]), operationNumber: code[2]!.trim() };
  return { shopId: null, operationNumber: typed };
}

/**
 * A wedge scanner sends key positions, not characters: with the Russian layout active,
 * "CD1:1001:T01-…" arrives as "СВ1Ж1001ЖЕ01-…". Mapped back key by key to the US layout, it reads
 * as scanned. Only tried when the text as typed is not a code, so a number is never changed.
 */
function fromRussianLayout(text: string): string {
  if (!/[А-яЁё№]/.test(text)) return text;
  return [...text].map((ch) => RU_TO_US.get(ch) ?? ch).join('');
}

const RU_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбю.ё';
const US_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,./`";
const RU_SHIFTED = 'ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,Ё№';
const US_SHIFTED = 'QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>?~#';
const RU_TO_US = new Map<string, string>([
  ...[...RU_KEYS].map((ch, i): [string, string] => [ch, US_KEYS[i]!]),
  ...[...RU_SHIFTED].map((ch, i): [string, string] => [ch, US_SHIFTED[i]!]),
]);
