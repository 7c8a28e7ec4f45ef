import { useTranslation } from 'react-i18next';
import type { HistoryRow, OpenReason } from '../../../common/contract.ts';
import { describeStatus } from '../describeStatus.ts';
import { gatewayFigures } from '../gatewayFigures.ts';
import { useFormat } from './useFormat.ts';

/**
 * Why an operation is still open (the core's `meaning.open`), in the words Home's tray, History and
 * the reports share, with the time, amount or status each reason names; the core's note instead where
 * it says no cash moves in this mode.
 */
export function useReasonWords() {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    reason: OpenReason,
    operation: Pick<
      HistoryRow,
      'status' | 'phase' | 'custody' | 'amount' | 'currency' | 'type' | 'mismatch' | 'meaning'
    >,
  ) => {
    // Training money seen in Live: the core moves no cash on it, so its reason asks for none either.
    if (operation.meaning.note === 'training_in_live') return t('cash.note.training_in_live');
    // "Waiting" covers any status not yet final; only `created` is waiting for the payer's confirmation.
    if (reason === 'waiting' && operation.status !== null && operation.status !== 'created') {
      return describeStatus(t, operation);
    }
    const held = gatewayFigures(operation);
    return t(`tray.reason.${reason}`, {
      time: operation.custody ? format.time(operation.custody.at) : '',
      amount: format.money(held.amount, held.currency),
      status: operation.status ?? '',
    });
  };
}
