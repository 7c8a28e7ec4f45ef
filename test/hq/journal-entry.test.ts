// The journal-entry contract: every kind parses, the canonical text is stable, the hash chains.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  canonicalEntry,
  canonicalJson,
  ENTRY_KINDS,
  GENESIS_HASH,
  JournalEntry,
  UploadRequest,
} from '../../common/journal-entry.ts';
import { entryHash, firstBreak, sealEntry } from '../../common-node/journal-hash.ts';
import { SimDesk } from './support.ts';

test('canonical text sorts keys at every depth and leaves the hash out', () => {
  const a = {
    terminalId: 'T',
    seq: 1,
    at: '2026-11-20T08:00:00.000Z',
    kind: 'audit',
    body: { detail: { b: '2', a: '1' }, actor: 'x', action: 'y' },
    prevHash: GENESIS_HASH,
    hash: 'f'.repeat(64),
  };
  const b = {
    hash: 'e'.repeat(64),
    prevHash: GENESIS_HASH,
    body: { action: 'y', actor: 'x', detail: { a: '1', b: '2' } },
    kind: 'audit',
    at: '2026-11-20T08:00:00.000Z',
    seq: 1,
    terminalId: 'T',
  };
  const text = canonicalEntry(a as JournalEntry);
  assert.equal(text, canonicalEntry(b as JournalEntry));
  assert.equal(
    text,
    `{"at":"2026-11-20T08:00:00.000Z","body":{"action":"y","actor":"x","detail":{"a":"1","b":"2"}},"kind":"audit","prevHash":"${GENESIS_HASH}","seq":1,"terminalId":"T"}`,
  );
  assert.throws(() => canonicalJson({ amount: 1.5 }), /integers only/);
});

test('the hash is SHA-256 of the canonical text, and each entry chains to the one before', () => {
  const desk = new SimDesk('http://unused', 'T-1');
  desk.day('A');
  const [first, second] = desk.entries as [JournalEntry, JournalEntry];
  assert.equal(first.prevHash, GENESIS_HASH);
  assert.equal(second.prevHash, first.hash);
  assert.equal(first.hash, entryHash(first));
  // A fixed vector, so the desk's implementation can check itself against HQ's.
  const vector = sealEntry({
    terminalId: 'T-1',
    seq: 1,
    at: '2026-11-20T08:00:00.000Z',
    kind: 'shift_opened',
    body: { shiftId: 'S1', operator: 'Aigerim', float: [{ currency: 'KZT', amount: '10000.00' }] },
    prevHash: GENESIS_HASH,
  });
  assert.equal(vector.hash, '60ba3fcc539326c84173d62e2892b691ba6fffaf473a4c25595d1c4443385db2');
  assert.equal(firstBreak(desk.entries), null);
  const tampered = desk.entries.map((e) =>
    e.seq === 3 ? ({ ...e, body: { ...e.body, amount: '1.00' } } as JournalEntry) : e,
  );
  assert.equal(firstBreak(tampered), 3);
});

test('every kind has a schema the upload accepts, and money must be a decimal string', () => {
  const desk = new SimDesk('http://unused', 'T-1');
  desk.day('A');
  const kinds = new Set(desk.entries.map((e) => e.kind));
  assert.ok(ENTRY_KINDS.length >= 14);
  assert.ok(UploadRequest.safeParse({ entries: desk.entries }).success);
  for (const kind of kinds) assert.ok(ENTRY_KINDS.includes(kind));
  const custody = desk.entries.find((e) => e.kind === 'custody')!;
  const float = { ...custody, body: { ...custody.body, amount: 1500 } };
  assert.equal(JournalEntry.safeParse(float).success, false);
  const unknownKind = { ...custody, kind: 'teleport' };
  assert.equal(JournalEntry.safeParse(unknownKind).success, false);
  const localTime = { ...custody, at: '2026-11-20T08:00:00+05:00' };
  assert.equal(JournalEntry.safeParse(localTime).success, false, 'UTC only');
  const { hash: _hash, ...unhashed } = desk.entries[0]!;
  assert.equal(JournalEntry.safeParse(unhashed).success, false, 'an entry carries its hash');
});
