// Checked blocks (common/checked-blocks.ts) and the reset code written in them
// (common/reset-code-layout.ts): every single wrong letter and every swap of two neighbours in a
// block is caught, by fast-check over the whole alphabet, and the reader names the block.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  BLOCK_LETTERS,
  BLOCK_SIZE,
  blockReads,
  bytesOf,
  CODE_ALPHABET,
  checkLetter,
  lettersOf,
  readBlocks,
  toBlocks,
} from '../../common/checked-blocks.ts';
import {
  RESET_CODE_BLOCKS,
  readResetCode,
  resetCodeBody,
  resetCodeText,
} from '../../common/reset-code-layout.ts';

const letter = fc.constantFrom(...CODE_ALPHABET);
const letters = fc
  .array(letter, { minLength: BLOCK_LETTERS, maxLength: BLOCK_LETTERS })
  .map((a) => a.join(''));
/** A block as shown, in its place. */
const placed = fc.record({ index: fc.nat({ max: 63 }), letters }).map(({ index, letters }) => ({
  index,
  block: letters + checkLetter(index, letters),
}));

test('a block as shown reads right in its place', () => {
  fc.assert(fc.property(placed, ({ index, block }) => blockReads(index, block)));
});

test('every single wrong letter in a block is caught, the check letter’s too', () => {
  fc.assert(
    fc.property(placed, fc.nat({ max: BLOCK_SIZE - 1 }), letter, ({ index, block }, at, typo) => {
      fc.pre(block[at] !== typo);
      const typed = block.slice(0, at) + typo + block.slice(at + 1);
      assert.equal(blockReads(index, typed), false, `${block} typed ${typed}`);
    }),
    { numRuns: 5000 },
  );
});

test('every swap of two neighbouring letters in a block is caught, the check letter’s too', () => {
  fc.assert(
    fc.property(placed, fc.nat({ max: BLOCK_SIZE - 2 }), ({ index, block }, at) => {
      fc.pre(block[at] !== block[at + 1]);
      const typed = block.slice(0, at) + block[at + 1] + block[at] + block.slice(at + 2);
      assert.equal(blockReads(index, typed), false, `${block} typed ${typed}`);
    }),
    { numRuns: 5000 },
  );
  // And exhaustively, over every pair of letters at the start of a block: no pair slips through.
  for (const a of CODE_ALPHABET)
    for (const b of CODE_ALPHABET)
      if (a !== b) {
        const block = `${a}${b}CD${checkLetter(0, `${a}${b}CD`)}`;
        assert.equal(blockReads(0, `${b}${a}CD${block[4]}`), false, `${a}${b} swapped`);
      }
});

test('a right block typed in another block’s place is caught', () => {
  fc.assert(
    fc.property(placed, fc.nat({ max: 30 }), ({ index, block }, other) => {
      fc.pre(other !== index % 32);
      assert.equal(blockReads(other, block), false);
    }),
  );
});

test('bytes survive the alphabet both ways, and padding that is not zero is refused', () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 1, maxLength: 90 }), (bytes) => {
      assert.deepEqual(bytesOf(lettersOf(bytes), bytes.length), bytes);
    }),
  );
  // One byte is 8 bits in two letters: the last two bits of the second letter are padding.
  assert.equal(lettersOf(new Uint8Array([0xff])), '96');
  assert.equal(bytesOf('97', 1), null);
  assert.equal(bytesOf('96A', 1), null);
});

const blocks = (n: number) =>
  toBlocks('ABCDEFGHJKLMNPQRSTUVWXYZ23456789'.repeat(4).slice(0, n * BLOCK_LETTERS));

test('typed or scanned, with or without separators, in either case, the blocks read the same', () => {
  const shown = blocks(5);
  const whole = readBlocks(shown.join('-'), 5);
  assert.equal(whole.letters, 'ABCDEFGHJKLMNPQRSTUV');
  assert.deepEqual(
    whole.blocks.map((b) => b.state),
    ['right', 'right', 'right', 'right', 'right'],
  );
  for (const typed of [
    shown.join(' '),
    shown.join('').toLowerCase(),
    `${shown.slice(0, 2).join('')}\n${shown.slice(2).join(' - ')}`,
  ])
    assert.equal(readBlocks(typed, 5).letters, whole.letters, typed);
  // A scanner with the Russian layout on types key positions: "ФИСВ" is "ABCD".
  assert.equal(readBlocks(shown.join('-').replace('ABCD', 'ФИСВ'), 5).letters, whole.letters);
});

test('the reader names the first wrong block, waits for the one being typed, and counts the blocks', () => {
  const shown = blocks(5);
  const typo = [...shown];
  typo[2] = `X${typo[2]!.slice(1)}`;
  const reading = readBlocks(typo.join('-'), 5);
  assert.deepEqual(reading.wrong, { number: 3, text: typo[2] });
  assert.equal(reading.letters, null);

  const typing = readBlocks(`${shown[0]}-${shown[1]!.slice(0, 3)}`, 5);
  assert.deepEqual(
    typing.blocks.map((b) => b.state),
    ['right', 'typing'],
  );
  assert.equal(typing.wrong, null);
  // A block left short, then a separator: the person has moved on, so it is wrong.
  assert.deepEqual(readBlocks(`${shown[0]}-${shown[1]!.slice(0, 3)}-`, 5).wrong, {
    number: 2,
    text: shown[1]!.slice(0, 3),
  });
  // A letter missed in block 2 of a code typed without separators: block 2 is named.
  assert.equal(readBlocks(shown.join('').replace(shown[1]!, shown[1]!.slice(1)), 5).wrong?.number, 2);
  assert.equal(readBlocks(`${shown.join('-')}-${shown[0]}`, 5).extra, 6);
  assert.equal(readBlocks(shown.slice(0, 4).join('-'), 5).letters, null, 'one block short');
});

test('a reset code is 31 blocks and reads back to its nonce, expiry and signature', () => {
  const nonce = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 0xff]);
  const body = resetCodeBody(nonce, new Date('2026-11-28T13:45:30.700Z'), 0xab);
  const signature = Uint8Array.from({ length: 64 }, (_, i) => 255 - i);
  const text = resetCodeText(body, signature);
  assert.equal(RESET_CODE_BLOCKS, 31);
  assert.match(text, new RegExp(`^[${CODE_ALPHABET}]{5}(-[${CODE_ALPHABET}]{5}){30}$`));
  const parts = readResetCode(text);
  assert.ok(parts);
  assert.equal(parts.nonce, '01020304050607ff');
  assert.equal(parts.expiresAt, '2026-11-28T13:45:30.000Z');
  assert.equal(parts.terminalTag, 0xab);
  assert.deepEqual(parts.signature, signature);
  assert.equal(readResetCode(text.slice(0, -6)), null);
});
