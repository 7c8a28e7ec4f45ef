// A store on a real SQLite file in a temporary directory, for the store's integration tests:
//   const time = clock();
//   const store = openStore(t, undefined, time.now);
//   const pages = allPages(store, { text: 't01-', limit: 20 });
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { createStore, type Store } from '../../main/store/index.ts';
import type { HistoryFilter, OperationRecord } from '../../main/store/operations.ts';

/** A directory removed when the test ends. */
export function tempDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-store-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A clock the test moves by hand, so due times and created_at values are exact. */
export function clock(start = '2026-03-01T09:00:00.000Z') {
  let at = Date.parse(start);
  return {
    now: () => new Date(at).toISOString(),
    set: (iso: string) => {
      at = Date.parse(iso);
    },
    advance: (ms: number) => {
      at += ms;
    },
  };
}

export function openStore(t: TestContext, dir = tempDir(t), now?: () => string): Store {
  const store = createStore(dir, now);
  t.after(() => {
    try {
      store.close();
    } catch {
      // already closed by the test
    }
  });
  return store;
}

/** Every page of a history search, following `before` from each page's last row. */
export function allPages(store: Store, filter: Omit<HistoryFilter, 'before'>): OperationRecord[][] {
  const pages: OperationRecord[][] = [];
  let before: HistoryFilter['before'];
  for (;;) {
    const page = store.operations.search({ ...filter, before });
    if (page.length === 0) return pages;
    pages.push(page);
    const last = page.at(-1)!;
    before = { createdAt: last.createdAt, localId: last.localId };
    // More pages than any test's operations would mean a cursor that does not move.
    assert.ok(pages.length <= 20_000, 'paging must end');
  }
}

/** The history's order: newest first, the later local_id first among equal times. */
export function newestFirst(a: OperationRecord, b: OperationRecord): number {
  return a.createdAt === b.createdAt ? b.localId - a.localId : a.createdAt < b.createdAt ? 1 : -1;
}
