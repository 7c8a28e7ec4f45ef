// Long codes a person types from a screen or a printout: bytes written in a 32-letter alphabet, in
// blocks of four letters and a check letter, so a typo is named by its block as soon as the block
// is typed, rather than as "invalid code" after the whole code.
//
// The check letter is Damm's algorithm over the 32 letters, with the quasigroup x∘y = 2·(x ⊕ y) in
// GF(32): a quasigroup (a single wrong letter changes the result) that is totally anti-symmetric
// (two adjacent letters swapped change it too), with a zero diagonal, so the check letter is the
// interim value itself. Each block starts from its own number, so a right block typed in another
// block's place is named as well.

import { fromRussianLayout } from './wedge-layout.ts';

/** The enrolment code's alphabet: no 0/O or 1/I to misread. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const BLOCK_LETTERS = 4;
/** A block as typed: its letters and its check letter. */
export const BLOCK_SIZE = BLOCK_LETTERS + 1;

const VALUE = new Map([...CODE_ALPHABET].map((ch, i): [string, number] => [ch, i]));

/** Multiplication by 2 in GF(32), reduced by the primitive polynomial x⁵ + x² + 1. */
function double(v: number): number {
  const shifted = v << 1;
  return shifted & 0x20 ? shifted ^ 0x25 : shifted;
}

/** The check letter of `letters` in block `index` (0-based); null if a letter is not in the alphabet. */
export function checkLetter(index: number, letters: string): string | null {
  let interim = index % CODE_ALPHABET.length;
  for (const ch of letters) {
    const value = VALUE.get(ch);
    if (value === undefined) return null;
    interim = double(interim ^ value);
  }
  return CODE_ALPHABET[interim]!;
}

/** Whether a typed block (letters then check letter) reads right in place `index`. */
export function blockReads(index: number, block: string): boolean {
  return block.length === BLOCK_SIZE && checkLetter(index, block) === CODE_ALPHABET[0];
}

/** Bytes as letters, 5 bits each, the last letter padded with zero bits. */
export function lettersOf(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += CODE_ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += CODE_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** The `length` bytes the letters carry; null if a letter is foreign or the padding is not zero. */
export function bytesOf(letters: string, length: number): Uint8Array | null {
  if (letters.length !== Math.ceil((length * 8) / 5)) return null;
  const bytes = new Uint8Array(length);
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const ch of letters) {
    const value = VALUE.get(ch);
    if (value === undefined) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      if (at < length) bytes[at++] = (buffer >> bits) & 0xff;
    }
    buffer &= (1 << bits) - 1;
  }
  return buffer === 0 ? bytes : null;
}

/** Letters in checked blocks, "ABCD7-EFGH2-…": what the screen, the printout and the QR code carry. */
export function toBlocks(letters: string): string[] {
  const blocks: string[] = [];
  for (let i = 0; i * BLOCK_LETTERS < letters.length; i++) {
    const part = letters.slice(i * BLOCK_LETTERS, (i + 1) * BLOCK_LETTERS);
    blocks.push(part + checkLetter(i, part));
  }
  return blocks;
}

export type BlockState = 'right' | 'wrong' | 'typing';
export type BlocksReading = {
  blocks: { text: string; state: BlockState }[];
  /** The first block that does not read right, numbered from 1 as on the printout. */
  wrong: { number: number; text: string } | null;
  /** Blocks past the last one the code has: the first of them, numbered from 1. */
  extra: number | null;
  /** All `count` blocks typed and right: their letters, without the check letters. */
  letters: string | null;
};

/**
 * What a person typed or a scanner sent, read block by block. Blocks are split at spaces, line
 * breaks and dashes, and any run longer than a block is cut into blocks, so the scanned text, the
 * blocks typed with or without separators, and a mix of both read the same. The last block, shorter
 * than a block, is still being typed. A code is a whole number of blocks.
 */
export function readBlocks(typed: string, count: number): BlocksReading {
  const runs = fromRussianLayout(typed)
    .toUpperCase()
    .split(/[\s\-‐‑–—]+/u)
    .filter(Boolean);
  const texts = runs.flatMap((run) => {
    const cut: string[] = [];
    for (let at = 0; at < run.length; at += BLOCK_SIZE) cut.push(run.slice(at, at + BLOCK_SIZE));
    return cut;
  });
  const blocks = texts.map((text, i) => {
    const state: BlockState = blockReads(i, text)
      ? 'right'
      : i === texts.length - 1 && text.length < BLOCK_SIZE && !/[\s\-‐‑–—]$/u.test(typed)
        ? 'typing'
        : 'wrong';
    return { text, state };
  });
  const first = blocks.findIndex((b, i) => i < count && b.state === 'wrong');
  const complete = blocks.length === count && blocks.every((b) => b.state === 'right');
  return {
    blocks,
    wrong: first < 0 ? null : { number: first + 1, text: blocks[first]!.text },
    extra: blocks.length > count ? count + 1 : null,
    letters: complete ? blocks.map((b) => b.text.slice(0, BLOCK_LETTERS)).join('') : null,
  };
}
