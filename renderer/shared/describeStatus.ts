import type { TFunction } from 'i18next';
import type { OperationView, StatusWord } from '../../common/contract.ts';

/**
 * The gateway's status in the answer's words (meaning.status): final or not as it says, the same
 * on every screen as on the receipt and the reports. With no status yet, the phase says.
 */
export function describeStatus(
  t: TFunction,
  operation: Pick<OperationView, 'status' | 'phase' | 'meaning'>,
): string {
  return statusInWords(t, operation.meaning.status.word, operation.status, operation.phase);
}

/** A status word with the gateway's own word beside it where the desk has no word of its own. */
export function statusInWords(
  t: TFunction,
  word: StatusWord,
  status: string | null,
  phase: OperationView['phase'],
): string {
  switch (word) {
    case 'none':
      return t(`phase.${phase}`);
    case 'pending':
      return t('status.created');
    case 'completed':
      return t('status.captured');
    case 'ended':
      // Only the words the rules know to end an operation come here; each has its translation.
      return t('status.ended', {
        status: t(`gatewayStatus.${status ?? ''}`, { ns: 'print', defaultValue: status ?? '' }),
      });
    case 'unknown':
      return t('status.unknown', { status });
  }
}
