// Operation numbers: allocated here, stored before any network call, never reused.
// Form: <terminal>-<yymmdd>-<sequence>, e.g. T01-261122-0042: short, and easy to read over the phone.
import type { Store } from '../store/index.ts';

const SEQUENCE_KEY = 'operation_sequence';

/** Call inside the transaction that stores the operation, so a number is used exactly once. */
export function allocateOperationNumber(
  store: Pick<Store, 'operations' | 'settings'>,
  terminalId: string,
  shopId: number,
  now: Date,
): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const last = store.settings.get<{ day: string; seq: number }>(SEQUENCE_KEY);
  let seq = last?.day === day ? last.seq : 0;
  let number: string;
  // A restored or copied database could hold a number ahead of the counter: skip past it.
  do {
    seq += 1;
    number = `${terminalId}-${day}-${String(seq).padStart(4, '0')}`;
  } while (store.operations.findByNumber(shopId, number));
  store.settings.set(SEQUENCE_KEY, { day, seq });
  return number;
}
