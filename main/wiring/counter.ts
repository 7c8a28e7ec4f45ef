// The counter's flow and custody, each operation attributed to the shift it counts in.
import { createCheckout } from '../checkout/checkout.ts';
import { createCustodyService } from '../checkout/custody.ts';
import { createAttribution } from '../shift/attribution.ts';
import { openDrawerCash } from '../shift/expected-cash.ts';
import type { WiredGateway } from './gateway.ts';
import type { Ground } from './ground.ts';
import type { WiredOperations } from './operations.ts';
import type { WiredStaff } from './staff.ts';

export function wireCounter(deps: Ground & WiredGateway & WiredOperations & WiredStaff) {
  const { store, settings, journal, deskContext, clock } = deps;
  const attribute = createAttribution({ shifts: store.shifts, closing: deskContext.closing });
  const checkout = createCheckout({
    store,
    settings,
    gateways: deps.gateways,
    journal,
    health: deps.health,
    lookups: deps.lookups,
    connectivity: deps.connectivity,
    attribute,
    desk: deskContext,
    creating: deps.creating,
    clock,
    drawer: () => openDrawerCash(store),
    supervisor: deps.supervisor,
  });
  const custody = createCustodyService({
    store,
    journal,
    settings,
    desk: deskContext,
    supervisor: deps.supervisor,
    audit: deps.audit,
    clock,
  });
  return { checkout, custody };
}

export type WiredCounter = ReturnType<typeof wireCounter>;
