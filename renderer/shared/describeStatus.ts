import type { TFunction } from 'i18next';
import type { OperationView } from '../../common/contract.ts';

/** The gateway's status in words; a status the desk does not know is shown raw and never as final. */
export function describeStatus(t: TFunction, operation: Pick<OperationView, 'status' | 'phase'>): string {
  const { status, phase } = operation;
  if (status === null) return t(`phase.${phase}`);
  if (status === 'created' || status === 'captured') return t(`status.${status}`);
  return t('status.unknown', { status });
}
