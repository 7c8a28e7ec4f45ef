import initial from './0001-initial.ts';
import historyIndexes from './0002-history-indexes.ts';
import historyTextSearch from './0004-history-text-search.ts';

/** In order. The position is the version: the first entry is version 1. */
export const MIGRATIONS: readonly { name: string; sql: string }[] = [
  { name: '0001-initial', sql: initial },
  { name: '0002-history-indexes', sql: historyIndexes },
  { name: '0004-history-text-search', sql: historyTextSearch },
];
