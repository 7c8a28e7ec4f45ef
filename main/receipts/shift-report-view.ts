// What an X or Z report says, as the report template reads it.
//
// SEAM (shifts): the shift service produces the data. ShiftReportView is the shape the template
// reads; its fields follow the shift branch's XReport and ZReport, so those pass as they are:
//   renderShiftReport({ kind: 'X', report: xReport, paper, language })
//   renderShiftReport({ kind: 'Z', report: zReport, paper, language })
import type {
  Language,
  OpenOperation,
  OperationTypeValue,
  Paper,
  ReceiptWording,
} from '../../common/contract.ts';
import type { PrintI18n } from './print-words.ts';

/** What an X or Z report says. Amounts are decimal strings; a variance or expected sum may be negative. */
export type ShiftReportView = {
  shift: {
    /** The shift number printed on the report. */
    id: number;
    terminalId: string;
    training: boolean;
    operator: string;
    openedAt: string;
    closedAt: string | null;
  };
  producedAt: string;
  /** Operations the gateway holds, by type, method and currency, with those completed. */
  totals: {
    type: OperationTypeValue;
    methodName: string;
    currency: string;
    count: number;
    amount: string;
    capturedCount: number;
    capturedAmount: string;
    wording: ReceiptWording;
  }[];
  /** The drawer per currency: float + received − handed over + added − removed = expected. */
  cash: {
    currency: string;
    float: string;
    received: string;
    handedOver: string;
    returned: string;
    reversed: string;
    added: string;
    removed: string;
    expected: string;
  }[];
  /** Payouts captured but not handed over, payins received but not captured. */
  openCash: OpenOperation[];
  /** Not final yet, outcome unknown, cash still to take, figures that differ. */
  waiting: OpenOperation[];
  /** Custody records a supervisor reversed in this shift, with their reasons. */
  reversals: {
    record: { kind: string; amount: string; currency: string; reason: string | null };
    operationNumber: string;
  }[];
  /** The audit trail since the last Z report, oldest first. */
  audit: {
    at: string;
    operator: string | null;
    kind: string;
    detail: Record<string, string | number | boolean | null>;
  }[];
  /** The drawer passed between operators in the shift, and each operator's part (older reports lack them). */
  handovers?: HandoverView[];
  parts?: {
    operator: string;
    from: string;
    until: string | null;
    operations: number;
    cash: {
      currency: string;
      received: string;
      handedOver: string;
      returned: string;
      added: string;
      removed: string;
    }[];
  }[];
};

/** A count of the drawer as kept: at the close (each recount) or at a handover. */
export type CountView = {
  at: string;
  operator: string;
  counted: { currency: string; total: string }[];
  variance: { currency: string; variance: string; overThreshold: boolean }[];
};
export type HandoverView = CountView & { to: string; note: string | null; supervisorApproved: boolean };

/** The Z report adds its number, the count, the variance and the reconciliation at the gateway. */
export type ZReportView = ShiftReportView & {
  number: number;
  counted: { currency: string; total: string }[];
  variance: {
    currency: string;
    expected: string;
    counted: string;
    variance: string;
    overThreshold: boolean;
  }[];
  /** Every count at the close, the first one first (a recount never replaces one). */
  counts?: CountView[];
  /** Why the count differs, when it needed the supervisor; and whether the supervisor approved. */
  note: string | null;
  supervisorApproved: boolean;
  /** The first is made at close; later ones (an offline close checked afterwards) are appended. */
  reconciliations: { complete: boolean; checked: number; unanswered: number; findings: unknown[] }[];
  /** The hash chain's head when the report was produced: printed short, and whole in the QR code. */
  chainHead: { seq: number; hash: string };
};

/** What the Z report's QR code holds: enough for anyone with the database to check its chain. */
export function chainCode(terminalId: string, number: number, head: { seq: number; hash: string }): string {
  return `CASHDESK-Z;${terminalId};${number};${head.seq};${head.hash}`;
}

export type ShiftReportInput = (
  | { kind: 'X'; report: ShiftReportView }
  | { kind: 'Z'; report: ZReportView }
) & {
  paper: Paper;
  language: Language;
  i18n: PrintI18n;
  timeZone?: string;
  /** A Z report's upload to the head office as the desk's journal recorded it; absent when not enrolled. */
  headOffice?: { waiting: number; lastReachedAt: string | null } | null;
};

/** Formats a decimal amount in a currency, in the report's language. */
export type Money = (amount: string, currency: string) => string;
