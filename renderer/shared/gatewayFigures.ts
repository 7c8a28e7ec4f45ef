import { type MismatchItem, OPERATION_TYPES, type OperationTypeValue } from '../../common/contract.ts';

type Figures = { type: OperationTypeValue; amount: string; currency: string };
type Held = Figures & { mismatch: MismatchItem[] | null };

/**
 * The figures to show for an operation: the gateway's wherever they differ from what was entered,
 * since the gateway's operation is the truth and the entry only what the desk asked for.
 */
export function gatewayFigures(operation: Held): Figures {
  const held = (field: MismatchItem['field']) => operation.mismatch?.find((m) => m.field === field)?.gateway;
  const type = held('type');
  return {
    type: OPERATION_TYPES.find((known) => known === type) ?? operation.type,
    amount: held('amount') ?? operation.amount,
    currency: held('currency') ?? operation.currency,
  };
}
