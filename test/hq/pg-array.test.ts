// Ingest writes its columns' array literals itself (hq/server/pg-array.ts): PostgreSQL must read
// back exactly the values pg's own serialisation gives it, for any text (quotes, backslashes,
// braces, commas, spaces, 'NULL', ''), any integer, booleans and NULLs.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { type Db, pgDb } from '../../hq/server/db.ts';
import { pgArray } from '../../hq/server/pg-array.ts';
import { type Postgres, startPostgres } from './postgres.ts';

let pg: Postgres;
let db: Db;
before(async () => {
  pg = await startPostgres();
  db = pgDb(await pg.createDatabase(), 1);
});
after(async () => {
  await db.close();
  await pg.stop();
});

// PostgreSQL stores no NUL character (the schemas refuse it before any SQL).
const storable = fc
  .oneof(
    fc.string({ unit: fc.constantFrom('"', '\\', '{', '}', ',', ' ', '\t', 'N', 'U', 'L', 'a', 'Ж', '😀') }),
    fc.constantFrom('NULL', 'null', '', ' ', '{}', '""'),
    fc.string({ unit: 'grapheme' }),
  )
  .filter((text) => !text.includes('\0'));

const cases = [
  { type: 'text', value: fc.option(storable) },
  { type: 'bigint', value: fc.option(fc.maxSafeInteger()) },
  { type: 'bool', value: fc.option(fc.boolean()) },
] as const;

for (const { type, value } of cases) {
  test(`a ${type}[] literal reads back as the values pg would have sent`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(value as fc.Arbitrary<unknown>, { maxLength: 8 }), async (values) => {
        const found = await db.query<{ ours: unknown[]; theirs: unknown[] }>(
          `SELECT $1::${type}[] AS ours, $2::${type}[] AS theirs`,
          [pgArray(values), values],
        );
        assert.deepEqual(found.rows[0]!.ours, found.rows[0]!.theirs);
      }),
      { numRuns: 100 },
    );
  });
}

test('a value with no array text is refused, not sent as something else', () => {
  assert.throws(() => pgArray([{ amount: '1.00' }]), TypeError);
});
