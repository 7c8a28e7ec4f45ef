// Operations: the desk as their answer depends on it, the journal that records and announces them,
// and the lookups that settle an unknown outcome. A create in flight is known to both the lookups
// (which must not ask about it yet) and checkout (which runs it).
import type { CreatesInFlight } from '../checkout/checkout-inputs.ts';
import type { CoreOptions } from '../core-types.ts';
import { createKeyedSerial } from '../keyed-serial.ts';
import { createLookups, DEFAULT_LOOKUP_POLICY } from '../lookups/queue.ts';
import { createJournal } from '../operations/operation-journal.ts';
import { createDeskContext } from '../shift/meaning-context.ts';
import type { WiredGateway } from './gateway.ts';
import type { Ground } from './ground.ts';
import type { WiredHeadOffice } from './head-office.ts';

export function wireOperations(
  deps: Ground & WiredGateway & Pick<WiredHeadOffice, 'branch'>,
  options: CoreOptions,
) {
  const { store, emit, clock } = deps;
  const deskContext = createDeskContext({
    settings: deps.settings,
    shifts: store.shifts,
    branch: deps.branch,
    clock,
  });
  const journal = createJournal({
    store,
    log: deps.log,
    desk: deskContext.get,
    announce: (view) => emit('operation.changed', view),
    attention: (reason, operation) => emit('operation.attention', { reason, operation }),
    clock,
  });
  const creating: CreatesInFlight = createKeyedSerial();
  const createInFlight = (localId: number) => creating.has(localId);
  const lookupPolicy = { ...DEFAULT_LOOKUP_POLICY, ...options.lookups };
  const lookups = createLookups({
    store,
    gateways: deps.gateways,
    journal,
    health: deps.health,
    connectivity: deps.connectivity,
    createInFlight,
    clock,
    policy: lookupPolicy,
    answered: (result) => emit('lookup.answered', result),
  });
  return { deskContext, journal, creating, createInFlight, lookupPolicy, lookups };
}

export type WiredOperations = ReturnType<typeof wireOperations>;
