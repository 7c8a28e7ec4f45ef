import type { TFunction } from 'i18next';
import type { OperationView } from '../../common/contract.ts';

/** Where an operation was sent: it is followed there, whatever the settings say now. */
export function describeGateway(
  t: TFunction,
  sentTo: Pick<OperationView, 'training' | 'gatewayUrl'>,
): string {
  if (sentTo.training) return t('gateway.training');
  return sentTo.gatewayUrl ?? t('gateway.unknown');
}
