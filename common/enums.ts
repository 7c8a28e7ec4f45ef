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

/** The paper a receipt or report is laid out for: an 80 mm or 58 mm thermal roll, or an A4 sheet. */
export const PAPERS = ['80mm', '58mm', 'A4'] as const;
export type Paper = (typeof PAPERS)[number];

/**
 * What a print produces: the payer's receipt, the agent's copy (with the settlement amount and the
 * payer's signature line), or, for another desk's operation found by lookup, a slip that says it
 * is no receipt.
 */
export const PRINT_DOCUMENTS = ['receipt', 'agent_copy', 'lookup_slip'] as const;
export type PrintDocument = (typeof PRINT_DOCUMENTS)[number];

/** Why a print did not count: the agent cancelled it, the printer refused it, or nothing can print here. */
export const PRINT_FAILURES = ['cancelled', 'failed', 'unavailable'] as const;
export type PrintFailure = (typeof PRINT_FAILURES)[number];
