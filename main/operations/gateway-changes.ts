// Which of the gateway's details of an operation really changed between two of its answers. The
// gateway may disguise a requisite's value on retrieval ("**** **** **** 1111" for the card number
// its create answered in full), so a value hidden on either side says nothing about a change: only
// what both answers show is compared, and a masked retrieval is not a change.
import type { OperationPatch, OperationRecord } from '../store/operations.ts';

/** The gateway fields the desk keeps: any change to one is kept, with the event that says what changed. */
const KEPT = [
  'gatewayId',
  'settlementAmount',
  'settlementCurrency',
  'registeredAt',
  'isCorrection',
  'parent',
  'payerDetails',
  'methodRequisites',
] as const satisfies readonly (keyof OperationPatch)[];

/** The characters a gateway hides a value's digits behind. */
const MASK = /[*•]/;

type Listed = { name: string; value: string; title?: string; type?: string };

function sameValue(a: string, b: string): boolean {
  return a === b || MASK.test(a) || MASK.test(b);
}

/** The same requisites, in the same order, with the same words, and no value shown differently on both sides. */
function sameList(a: readonly Listed[], b: readonly Listed[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, i) => {
      const other = b[i]!;
      return (
        item.name === other.name &&
        item.title === other.title &&
        item.type === other.type &&
        sameValue(item.value, other.value)
      );
    })
  );
}

function same(local: OperationRecord, remote: OperationPatch, key: (typeof KEPT)[number]): boolean {
  if (key === 'payerDetails' || key === 'methodRequisites') {
    return sameList(local[key], remote[key] ?? []);
  }
  return JSON.stringify(local[key] ?? null) === JSON.stringify(remote[key] ?? null);
}

/** The kept fields the gateway's answer changed, by name. */
export function changedFields(local: OperationRecord, remote: OperationPatch): string[] {
  return KEPT.filter((key) => !same(local, remote, key));
}
