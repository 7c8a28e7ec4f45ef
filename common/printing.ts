// How this desk prints, and what a print came to: the printing settings, the printers the system
// knows, and each print's result and report.
import { z } from 'zod';
import { PAPERS, PRINT_DOCUMENTS, PRINT_FAILURES } from './enums.ts';
import { LIMITS } from './limits.ts';

/** An operation's number on this terminal (the same rule as values.ts). */
const localId = z.number().int().positive();

/** How this desk prints receipts. */
export const Printing = z
  .object({
    /** The printer's system name; null: the system's default printer. */
    printer: z.string().min(1).max(LIMITS.printerName).nullable(),
    paper: z.enum(PAPERS),
    /** A second copy for the agent, with the settlement amount and the payer's signature line. */
    agentCopy: z.boolean(),
    autoPrint: z
      .object({
        /** The Pending receipt, as soon as the gateway holds the operation. */
        pending: z.boolean(),
        /** The final receipt, once the operation is completed and its cash recorded. */
        final: z.boolean(),
      })
      .strict(),
  })
  .strict();
export type Printing = z.infer<typeof Printing>;
export const DEFAULT_PRINTING: Printing = {
  printer: null,
  paper: '80mm',
  agentCopy: false,
  autoPrint: { pending: false, final: false },
};

export const PrinterInfo = z.object({
  /** The system name, which printing takes. */
  name: z.string(),
  /** The name people know it by. */
  displayName: z.string(),
});
export type PrinterInfo = z.infer<typeof PrinterInfo>;

/** Whether the printer took the job: only one it took counts as printed. */
export const PrintResult = z.discriminatedUnion('printed', [
  z.object({ printed: z.literal(true) }),
  z.object({ printed: z.literal(false), reason: z.enum(PRINT_FAILURES), message: z.string() }),
]);
export type PrintResult = z.infer<typeof PrintResult>;

/** One print of an operation's document, manual or automatic. */
export const PrintReport = z.object({
  localId,
  document: z.enum(PRINT_DOCUMENTS),
  /** 0 for the original; n for the n-th copy of the same document. */
  copyNumber: z.number().int().min(0),
  /**
   * The gateway status the paper states. A receipt printed after the status changed is a new
   * document with its own original, so the confirmation must say which one this was.
   */
  status: z.string().nullable(),
  automatic: z.boolean(),
  result: PrintResult,
});
export type PrintReport = z.infer<typeof PrintReport>;
