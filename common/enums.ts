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

/**
 * The first of a computer's preferred languages (BCP 47 tags, most preferred first: "ru-RU",
 * "kk-KZ") that the desk speaks; English where it speaks none of them.
 */
export function firstLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    const found = LANGUAGES.find((language) => language === base);
    if (found) return found;
  }
  return 'en';
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
/**
 * Statuses known to end an operation without its money moving. The spec shows none of them; these
 * are the words payment gateways use for it. Any other unknown status is not final: it is looked up
 * again, with a long back-off, and no cash moves on it.
 */
export const FAILED_STATUSES: ReadonlySet<string> = new Set<string>([
  'cancelled',
  'canceled',
  'declined',
  'rejected',
  'failed',
]);
export const FINAL_STATUSES: ReadonlySet<string> = new Set<string>(['captured', ...FAILED_STATUSES]);

/** Why an operation calls the agent wherever they are (the `operation.attention` event). */
export const ATTENTION_REASONS = [
  'hand_over',
  'return_cash',
  'mismatch',
  'correction',
  'handed_over_not_captured',
  'failed',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** What a person can do with an operation's cash at the desk, recorded once each (custody). */
export const CUSTODY_ACTIONS = ['received', 'handed_over', 'returned'] as const;
export type CustodyAction = (typeof CUSTODY_ACTIONS)[number];

/**
 * Why an operation of this desk still needs someone, as Home's tray and the reports say it:
 * - outcome_unknown: the create's answer was lost: looking it up, cash held;
 * - waiting: the gateway holds it, not final yet;
 * - take_cash: a cash payin the gateway holds whose cash is not recorded as received;
 * - hand_over: a cash payout captured whose cash is not recorded as handed over;
 * - cash_not_captured: cash received for a payin the gateway has not captured yet;
 * - return_cash: cash received for a payin the gateway then ended without capturing: give it back;
 * - handed_over_not_captured: cash handed over for a payout the gateway no longer reads as captured
 *   (cancelled after the cash was handed over): the supervisor's;
 * - mismatch: the gateway holds other figures than those entered: the supervisor's;
 * - correction: the gateway marks it a correction: the supervisor's, no cash of its own;
 * - stuck: a status the desk does not know, not final: no cash moves on it.
 */
export const OPEN_REASONS = [
  'outcome_unknown',
  'waiting',
  'take_cash',
  'hand_over',
  'cash_not_captured',
  'return_cash',
  'handed_over_not_captured',
  'mismatch',
  'correction',
  'stuck',
] as const;
export type OpenReasonValue = (typeof OPEN_REASONS)[number];

/** Cash in question, listed on every report until it is settled: the open reasons where cash has moved or must. */
export const OPEN_CASH_REASONS = [
  'hand_over',
  'cash_not_captured',
  'return_cash',
  'handed_over_not_captured',
] as const;

/**
 * The history's status filter beyond a status the gateway sent (created, captured):
 * - cancelled: one of FAILED_STATUSES;
 * - unknown: any other status, not final;
 * - not_created: no operation exists at the gateway (phase not_created);
 * - open_cash: cash still open (its stored open reason one of OPEN_CASH_REASONS).
 */
export const HISTORY_STATES = ['cancelled', 'unknown', 'not_created', 'open_cash'] as const;
export type HistoryState = (typeof HISTORY_STATES)[number];

/**
 * Why no cash moves now, in one word the screens turn into their own sentence:
 * - not_created: no operation exists at the gateway (yet, or ever): no money moved;
 * - creating / outcome_unknown: the create is out, or its answer was lost;
 * - ended: abandoned, expired, or the session failed;
 * - failed: the gateway ended it without capturing; no cash had moved;
 * - waiting: a payout the gateway has not captured yet;
 * - stuck: a status the desk does not know;
 * - mismatch / correction: for the supervisor;
 * - other_desk: found by lookup, run at another desk;
 * - not_cash: a non-cash instrument: no cash at this desk, the payer uses the requisites shown;
 * - training_in_live: training money, and the desk is in Live;
 * - branch: this desk's payout, released to its branch: handed over at another desk of it;
 * - recorded: the cash has moved and is recorded;
 * - handed_over_not_captured: the cash went out and the gateway no longer reads it captured.
 */
export const CASH_NOTES = [
  'not_created',
  'creating',
  'outcome_unknown',
  'ended',
  'failed',
  'waiting',
  'stuck',
  'mismatch',
  'correction',
  'other_desk',
  'not_cash',
  'training_in_live',
  'branch',
  'recorded',
  'handed_over_not_captured',
] as const;
export type CashNote = (typeof CASH_NOTES)[number];

/** Why the custody action the advice asks for cannot be recorded at this desk right now. */
// released: a payout this desk released to its branch: another desk hands it over, so this one never does.
export const CUSTODY_REFUSALS = ['no_shift', 'other_mode', 'closing', 'released'] as const;
export type CustodyRefusal = (typeof CUSTODY_REFUSALS)[number];

/** Cash put into the drawer, or taken from it to the safe; each with a reason and the supervisor's PIN. */
export const CASH_MOVEMENT_KINDS = ['added', 'removed'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

/**
 * Where the gateway and this desk's custody records disagree, as the X and Z reports list them.
 * - captured_not_handed_over: a payout the gateway captured whose cash was never handed over (the
 *   payer may still be owed); listed on every report until it is;
 * - captured_not_received: a payin the gateway captured whose cash was never recorded as received;
 * - received_not_captured: cash received for a payin the gateway has not captured;
 * - return_cash: cash received for a payin the gateway ended without capturing, not yet given back;
 * - handed_over_not_captured: cash handed over for a payout the gateway no longer reads as captured
 *   (cancelled after the cash was handed over);
 * - mismatch: the gateway holds other figures than those entered;
 * - correction: the gateway marks the operation a correction;
 * - stuck: a status the desk does not know;
 * - outcome_unknown: whether the operation exists at the gateway is still not known.
 */
export const FINDING_KINDS = [
  'captured_not_handed_over',
  'captured_not_received',
  'received_not_captured',
  'return_cash',
  'handed_over_not_captured',
  'mismatch',
  'correction',
  'stuck',
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

/**
 * Why a print did not count: the agent cancelled it, the printer refused it (in the printer
 * system's own words), the printer gave no answer at all, or nothing can print here.
 */
export const PRINT_FAILURES = ['cancelled', 'failed', 'no_answer', 'unavailable'] as const;
export type PrintFailure = (typeof PRINT_FAILURES)[number];

/** The core's own process as the shell sees it: up, starting again after it died, or left stopped. */
export const CONNECTION_STATES = ['connected', 'reconnecting', 'stopped'] as const;
