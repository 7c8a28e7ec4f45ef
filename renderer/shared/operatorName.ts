import type { TFunction } from 'i18next';
import { TRAINING_OPERATOR } from '../../common/enums.ts';

/** An operator as the agent reads them: a training shift's own operator in the agent's language. */
export function operatorName(t: TFunction, shift: { operator: string; training: boolean }): string {
  return shift.training && shift.operator === TRAINING_OPERATOR
    ? t('shiftBar.trainingOperator')
    : shift.operator;
}
