// An agent types or scans a number as the payer reads it out, and "t01-261122-0042" must not be
// answered "no such operation" because of its letter case. This terminal's own numbers are
// written in capitals (operation-numbers.ts), so any spelling of one is read in capitals; any other
// number is asked for exactly as given, as another system's numbers may differ by case alone.

/** The number to ask the gateway for: trimmed, and in capitals when it is one of this terminal's. */
export function normaliseOperationNumber(typed: string, terminalId: string): string {
  const number = typed.trim();
  return ownNumber(terminalId).test(number) ? number.toUpperCase() : number;
}

/** <terminal>-<yymmdd>-<sequence>, in any case; the terminal ID is capital letters and digits. */
function ownNumber(terminalId: string): RegExp {
  return new RegExp(`^${terminalId}-\\d{6}-\\d{4,}$`, 'i');
}
