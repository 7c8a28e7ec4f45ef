// To the printer and paper set in Settings, for every document the desk prints. Whatever goes
// wrong is a print that did not happen: a refusal never escapes as an error.
import type { PrintResult } from '../../common/contract.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Printer } from './printer.ts';

export function sendToPrinter(
  printer: Printer | undefined,
  settings: SettingsService,
  html: string,
): Promise<PrintResult> {
  if (!printer) {
    return Promise.resolve({ printed: false, reason: 'unavailable', message: 'Nothing can print here.' });
  }
  const { printer: deviceName, paper } = settings.get().printing;
  return printer.print(html, { deviceName, paper }).catch((error: unknown) => ({
    printed: false,
    reason: 'failed',
    message: error instanceof Error ? error.message : String(error),
  }));
}
