// In training, the agent plays the payer's out-of-band confirmation (the training gateway's capture,
// main/training/). Only a training operation of this desk, in training, that the gateway created and
// that still waits for it: a capture of anything else would rewrite an answer the gateway gave (a
// cancelled one would read captured, and advise cash).
import { statusClass } from '../../common/cash-rules/operation-answer.ts';
import type { Mode } from '../../common/contract.ts';
import type { OperationRecord } from '../store/operations.ts';

export function trainingConfirmable(record: OperationRecord, desk: { mode: Mode }): boolean {
  return (
    record.training &&
    desk.mode === 'training' &&
    record.origin === 'counter' &&
    record.phase === 'created' &&
    record.status !== null &&
    statusClass(record.status) === 'pending'
  );
}
