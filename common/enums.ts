// The closed sets of values every process shares, declared once.

export const MODES = ['training', 'live'] as const;
export type Mode = (typeof MODES)[number];

export const LANGUAGES = ['en', 'ru', 'kk'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Kazakh formats where the runtime's ICU holds them (Node's full ICU does). Chromium's trimmed ICU,
 * and so Electron's, knows the name Kazakh but not its number and date data, and formats kk-KZ as
 * the root locale: "KZT 1,500.50", "2026 M11 25". Kazakhstan writes numbers, money and numeric dates
 * as its Russian does ("1 500,50 ₸", "25.11.2026"), so ru-KZ stands in there.
 */
const KAZAKH = new Intl.NumberFormat('kk-KZ')
  .formatToParts(0.5)
  .some((p) => p.type === 'decimal' && p.value === ',')
  ? 'kk-KZ'
  : 'ru-KZ';

/** The locale each language formats numbers, money and dates with: Kazakh as written in Kazakhstan. */
export const LOCALES: Readonly<Record<Language, string>> = { en: 'en', ru: 'ru', kk: KAZAKH };

/** Whether dates may spell the month in this language: not in Kazakh where ru-KZ stands in. */
export function spellsMonths(language: string): boolean {
  return language !== 'kk' || KAZAKH === 'kk-KZ';
}

/** The locale of a language code as i18next holds it; an unknown one formats as English. */
export function localeOf(language: string): string {
  return (LOCALES as Record<string, string>)[language] ?? 'en';
}

/** The operator of a training shift that opened by itself, as stored; each language shows its own word. */
export const TRAINING_OPERATOR = 'Training';

export const OPERATION_TYPES = ['payin', 'payout'] as const;
export type OperationTypeValue = (typeof OPERATION_TYPES)[number];

/**
 * The statuses the gateway spec shows. Any other string may arrive and is kept raw; only those
 * listed in FINAL_STATUSES end the lookups.
 */
export const KNOWN_STATUSES = ['created', 'captured'] as const;
export const FINAL_STATUSES: ReadonlySet<string> = new Set<string>(['captured']);

/** Cash put into the drawer, or taken from it to the safe; each with a reason and the supervisor's PIN. */
export const CASH_MOVEMENT_KINDS = ['added', 'removed'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

/**
 * Where the gateway and this desk's custody records disagree, as the Z report lists them.
 * - captured_not_handed_over: a payout the gateway captured whose cash was never handed over (the
 *   payer may still be owed);
 * - captured_not_received: a payin the gateway captured whose cash was never recorded as received;
 * - received_not_captured: cash received for a payin the gateway has not captured;
 * - handed_over_not_captured: cash handed over for a payout the gateway no longer reads as captured;
 * - mismatch: the gateway holds other figures than those entered;
 * - outcome_unknown: whether the operation exists at the gateway is still not known.
 */
export const FINDING_KINDS = [
  'captured_not_handed_over',
  'captured_not_received',
  'received_not_captured',
  'handed_over_not_captured',
  'mismatch',
  'outcome_unknown',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
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
