// What the agent typed for the payer, checked against what the session asked for, before any POST.

import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { OperationRecord } from '../store/operations.ts';

/** Every requisite the session asked for, each non-empty, and nothing it did not ask for. */
export function matchRequisites(record: OperationRecord, given: { name: string; value: string }[]) {
  const values = new Map(given.map((r) => [r.name, r.value.trim()]));
  for (const name of values.keys()) {
    if (!record.payerRequisites.some((d) => d.name === name)) {
      throw new AgentError('validation', refusal('checkout.notAsked', { name }), {
        field: name,
        localId: record.localId,
      });
    }
  }
  return record.payerRequisites.map((descriptor) => {
    const value = values.get(descriptor.name);
    if (!value) {
      throw new AgentError('validation', refusal('checkout.required', { name: descriptor.title }), {
        field: descriptor.name,
        localId: record.localId,
      });
    }
    return { name: descriptor.name, type: descriptor.type, value };
  });
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'unknown error';
}
