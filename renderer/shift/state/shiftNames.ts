import type { TFunction } from 'i18next';
import type { ShiftSummary } from '../../../common/contract.ts';

/** Training or Live, as the Shifts list names a shift's mode. */
export function modeName(t: TFunction, training: boolean): string {
  return t(training ? 'shifts.training' : 'shifts.live');
}

/**
 * A Z report by its full name. Z numbers restart per terminal and again for training, so
 * "Z No. 1" alone names several reports in one list; the terminal and the mode make it one:
 * "T07 · Live · Z No. 1".
 */
export function zReportName(t: TFunction, shift: Pick<ShiftSummary, 'terminalId' | 'training' | 'zNumber'>) {
  return t('shifts.zName', {
    terminal: shift.terminalId,
    mode: modeName(t, shift.training),
    number: shift.zNumber,
  });
}
