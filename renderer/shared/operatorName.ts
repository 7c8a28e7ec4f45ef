import type { TFunction } from 'i18next';
import { TRAINING_OPERATOR } from '../../common/enums.ts';

/** A training shift that opened by itself: its operator is the desk's own word, not a person. */
export function isTrainingOperator(shift: { operator: string; training: boolean }): boolean {
  return shift.training && shift.operator === TRAINING_OPERATOR;
}

/** An operator as the agent reads them: a training shift's own operator in the agent's language. */
export function operatorName(t: TFunction, shift: { operator: string; training: boolean }): string {
  return isTrainingOperator(shift) ? t('shiftBar.trainingOperator') : shift.operator;
}
