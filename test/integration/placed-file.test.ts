// The one way the desk writes a file for a person (CSV, PDF, diagnostics, backups): whole or not at
// all, through a temporary name of its own, on a real file system. Two writes to one path at once
// both land, one after the other, each whole; a failed write leaves nothing; a file that must be new
// is never put over one that stands.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { placeFile } from '../../main/placed-file.ts';
import { tempDir } from '../support/store.ts';

const posix = process.platform !== 'win32';

test('two writes to one path at once: both succeed, and the file is one of them whole', async (t) => {
  const dir = tempDir(t);
  const path = join(dir, 'report.pdf');
  const first = 'a'.repeat(200_000);
  const second = 'b'.repeat(100_000);
  // Each writes in two halves, the other's halves landing between them.
  const halves = (text: string) => async (file: FileHandle) => {
    await file.write(text.slice(0, text.length / 2));
    await new Promise((resolve) => setImmediate(resolve));
    await file.write(text.slice(text.length / 2));
  };
  await Promise.all([
    placeFile(path, halves(first), { replace: true }),
    placeFile(path, halves(second), { replace: true }),
  ]);
  assert.ok([first, second].includes(readFileSync(path, 'utf8')), 'one write, whole');
  assert.deepEqual(readdirSync(dir), ['report.pdf']);
  if (posix) assert.equal(statSync(path).mode & 0o777, 0o600);
});

test('a write that fails leaves no file and no temporary one, and its error reaches the caller as it was', async (t) => {
  const dir = tempDir(t);
  const path = join(dir, 'history.csv');
  await assert.rejects(
    placeFile(
      path,
      async (file) => {
        await file.write('half a file');
        throw new Error('the disk is full');
      },
      { replace: true },
    ),
    /the disk is full/,
  );
  assert.deepEqual(readdirSync(dir), []);
});

test('a file that must be new is never put over one that stands', async (t) => {
  const dir = tempDir(t);
  const path = join(dir, 'history.csv');
  writeFileSync(path, 'the one that stands');
  await assert.rejects(
    placeFile(path, (file) => file.writeFile('the new one'), { replace: false }),
    { code: 'EEXIST' },
  );
  assert.equal(readFileSync(path, 'utf8'), 'the one that stands');
  assert.deepEqual(readdirSync(dir), ['history.csv']);
});
