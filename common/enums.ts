// The closed sets of values every process shares, declared once.

export const MODES = ['training', 'live'] as const;
export type Mode = (typeof MODES)[number];

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

export const OPERATION_TYPES = ['payin', 'payout'] as const;
export type OperationTypeValue = (typeof OPERATION_TYPES)[number];

/**
 * The statuses the gateway spec shows. Any other string may arrive and is kept raw; only those
 * listed in FINAL_STATUSES end the lookups.
 */
export const KNOWN_STATUSES = ['created', 'captured'] as const;
export const FINAL_STATUSES: ReadonlySet<string> = new Set<string>(['captured']);
