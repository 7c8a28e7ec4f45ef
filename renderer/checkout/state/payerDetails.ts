import type { OperationView } from '../../../common/contract.ts';

type OpenSession = NonNullable<OperationView['session']>;

/** The session's requisite descriptors, each with what the agent typed for it, trimmed as it is sent. */
export function payerDetailsOf(session: OpenSession, typed: Record<string, string>) {
  return session.payerRequisites.map((descriptor) => ({
    ...descriptor,
    value: (typed[descriptor.name] ?? '').trim(),
  }));
}

/** Names of the requisites still blank: the session cannot go on to review until there are none. */
export function missingRequisites(session: OpenSession, typed: Record<string, string>): string[] {
  return payerDetailsOf(session, typed)
    .filter((detail) => detail.value === '')
    .map((detail) => detail.name);
}
