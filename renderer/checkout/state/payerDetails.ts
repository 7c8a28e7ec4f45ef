import type { OperationView } from '../../../common/contract.ts';
import { formatOf, normalise } from './requisiteFormat.ts';

type OpenSession = NonNullable<OperationView['session']>;

/**
 * The session's requisite descriptors, each with what the agent typed for it, as it is sent:
 * trimmed, and with the layout taken out where its format is known (`country`: the method's).
 */
export function payerDetailsOf(session: OpenSession, typed: Record<string, string>, country?: string) {
  return session.payerRequisites.map((descriptor) => ({
    ...descriptor,
    value: normalise(formatOf(descriptor), typed[descriptor.name] ?? '', country),
  }));
}

/** Names of the requisites still blank: nothing is sent until there are none. */
export function missingRequisites(session: OpenSession, typed: Record<string, string>): string[] {
  return payerDetailsOf(session, typed)
    .filter((detail) => detail.value === '')
    .map((detail) => detail.name);
}
