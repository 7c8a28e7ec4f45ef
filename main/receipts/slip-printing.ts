// Cash-movement slips on paper: printed as the movement is recorded, and again on request, on the
// printer and paper set in Settings, in the desk's language. Like a report, a slip is not counted;
// the support log records each print.
import type { PrintResult } from '../../common/contract.ts';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Log } from '../log.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Store } from '../store/index.ts';
import { renderCashSlip } from './cash-slip-template.ts';
import { createPrintI18n } from './print-words.ts';
import type { Printer } from './printer.ts';
import { sendToPrinter } from './send.ts';

export function createSlipPrinting(deps: {
  store: Pick<Store, 'drawer'>;
  settings: SettingsService;
  log: Log;
  printer: Printer | undefined;
  /** The desk's zone, which the slip's time is in. */
  timeZone: string;
}) {
  const i18n = createPrintI18n();
  return {
    async print(movementId: number): Promise<PrintResult> {
      const slip = deps.store.drawer.movement(movementId);
      if (!slip) {
        throw new AgentError('not_found', refusal('receipts.noMovement', { movementId }), {
          field: 'movementId',
        });
      }
      const {
        language,
        printing: { paper },
      } = deps.settings.get();
      const result = await sendToPrinter(
        deps.printer,
        deps.settings,
        renderCashSlip({ slip, paper, language, i18n, timeZone: deps.timeZone }),
      );
      deps.log.info('cash_slip_printed', { movementId, result });
      return result;
    },
  };
}

export type SlipPrinting = ReturnType<typeof createSlipPrinting>;
