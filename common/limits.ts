// Numbers that more than one process must agree on, declared once. The contract's schemas, the
// renderer's inputs and main's checks all read them from here.

/** Field lengths: the renderer's `maxLength` and the contract's `.max()` are the same number. */
export const LIMITS = {
  operationNumber: 64,
  /** Payer ID, method ID, requisite names. */
  shortText: 128,
  shopName: 64,
  /** Takes a receipt's whole QR code (RECEIPT_CODE_MAX), scanned into History search. */
  searchText: 80,
  requisiteValue: 256,
  requisitesPerOperation: 32,
  gatewayUrl: 512,
  shopsPerTerminal: 50,
  tokenMin: 8,
  tokenMax: 4096,
  operatorName: 40,
  operators: 200,
  /** A cash movement's reason, a close note. */
  note: 200,
  /** Currencies in one drawer count, denominations in one currency. */
  drawerCurrencies: 12,
  denominations: 30,
  /** A file path the core writes to (a CSV export, a backup folder). */
  filePath: 1024,
  /** A printer's system name, as the OS reports it. */
  printerName: 256,
  /** An error the renderer reports for the log (app.reportError): it cuts to these before sending. */
  reportedMessage: 2000,
  reportedStack: 8000,
  reportedWhere: 200,
} as const;

/**
 * Main refuses to submit an operation this close to its session's expiry, so the request still
 * arrives in time; the renderer's countdown reaches zero at the same moment.
 */
export const EXPIRY_MARGIN_MS = 5_000;
