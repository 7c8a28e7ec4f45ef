// The word for a status the gateway gave, by the one rule that reads it (statusClass): the
// answer's for the operation now (main/operations/receipt-answer.ts), and the event log's for a
// status it had before. What each word means: common/receipt-status.ts.
import type { StatusWord } from '../receipt-status.ts';
import { statusClass } from './operation-answer.ts';

const WORDS = { pending: 'pending', captured: 'completed', failed: 'ended', unknown: 'unknown' } as const;

export function statusWord(status: string | null): StatusWord {
  return status === null ? 'none' : WORDS[statusClass(status)];
}
