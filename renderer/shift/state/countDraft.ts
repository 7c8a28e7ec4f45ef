// A drawer count as the agent types it, per currency: notes and coins by denomination (the table in
// common/denominations.ts), or one total for a currency the table lacks or a quick count.
import { CURRENCIES, type DrawerCount } from '../../../common/contract.ts';
import { multiply, normaliseAmount, sum } from '../../../common/money.ts';

export type CountDraft = {
  currency: string;
  by: 'denominations' | 'total';
  /** Pieces per face value, as typed (digits only); empty reads as none. */
  pieces: Record<string, string>;
  total: string;
};

export function denominationsOf(currency: string): readonly string[] {
  return CURRENCIES[currency]?.denominations ?? [];
}

export function newCount(currency: string): CountDraft {
  return {
    currency,
    by: denominationsOf(currency).length > 0 ? 'denominations' : 'total',
    pieces: {},
    total: '',
  };
}

/** The currency's counted sum, or null while its total is not an amount. */
export function countedSum(draft: CountDraft): string | null {
  if (draft.by === 'total') return normaliseAmount(draft.total);
  return sum(
    denominationsOf(draft.currency).map((value) => multiply(value, String(Number(draft.pieces[value] || 0)))),
  );
}

/** The count as the core takes it, or the currencies whose total is not an amount. */
export function toDrawerCount(drafts: readonly CountDraft[]): { count: DrawerCount; invalid: string[] } {
  const invalid: string[] = [];
  const count: DrawerCount = [];
  for (const draft of drafts) {
    const total = countedSum(draft);
    if (total === null) {
      invalid.push(draft.currency);
      continue;
    }
    const denominations = denominationsOf(draft.currency)
      .map((value) => ({ value, count: Number(draft.pieces[value] || 0) }))
      .filter((line) => line.count > 0);
    // A drawer with none of a currency is counted as a total of 0: the contract wants at least one line.
    count.push(
      draft.by === 'denominations' && denominations.length > 0
        ? { currency: draft.currency, denominations }
        : { currency: draft.currency, total: normaliseAmount(draft.by === 'total' ? draft.total : '0')! },
    );
  }
  return { count, invalid };
}
