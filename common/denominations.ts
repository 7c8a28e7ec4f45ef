// The notes and coins of each currency the desk counts by denomination, largest first, and the
// variance a drawer may show at close before the supervisor must approve it. A currency missing
// here can still be counted as a total; any variance in it then needs the supervisor.

export type CurrencyTable = {
  /** Face values as decimal strings, largest first: the counting screen's rows. */
  denominations: readonly string[];
  /** A variance up to this much either way closes the shift without the supervisor. */
  varianceThreshold: string;
};

export const CURRENCIES: Readonly<Record<string, CurrencyTable>> = {
  KZT: {
    denominations: [
      '20000',
      '10000',
      '5000',
      '2000',
      '1000',
      '500',
      '200',
      '100',
      '50',
      '20',
      '10',
      '5',
      '2',
      '1',
    ],
    varianceThreshold: '500',
  },
  UZS: {
    denominations: [
      '200000',
      '100000',
      '50000',
      '20000',
      '10000',
      '5000',
      '2000',
      '1000',
      '500',
      '200',
      '100',
    ],
    varianceThreshold: '10000',
  },
  TRY: {
    denominations: ['200', '100', '50', '20', '10', '5', '1', '0.50', '0.25', '0.10', '0.05', '0.01'],
    varianceThreshold: '20',
  },
  GEL: {
    denominations: [
      '200',
      '100',
      '50',
      '20',
      '10',
      '5',
      '2',
      '1',
      '0.50',
      '0.20',
      '0.10',
      '0.05',
      '0.02',
      '0.01',
    ],
    varianceThreshold: '2',
  },
  USD: {
    denominations: ['100', '50', '20', '10', '5', '2', '1', '0.50', '0.25', '0.10', '0.05', '0.01'],
    varianceThreshold: '1',
  },
};

/** The default threshold for a currency; one the table lacks has none, so any variance needs approval. */
export function defaultVarianceThreshold(currency: string): string {
  return CURRENCIES[currency]?.varianceThreshold ?? '0';
}
