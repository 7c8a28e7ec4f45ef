// The shift and the agent's day: reconciliation at the gateway, shifts and their reports, the desk
// as the renderer shows it, and the day's feature (the lock, operators, the supervisor, shifts,
// exports, the audit trail, backups, and Z reports tried again until reconciled).
import { deskTimeZone } from '../clock.ts';
import type { CoreOptions } from '../core-types.ts';
import { createSlipPrinting } from '../receipts/slip-printing.ts';
import { createDayFeature } from '../shift/day.ts';
import { createDeskState } from '../shift/desk-state-view.ts';
import { createReconciler } from '../shift/reconcile.ts';
import { createShifts } from '../shift/shifts.ts';
import type { Signals } from '../signal.ts';
import type { WiredCounter } from './counter.ts';
import type { WiredGateway } from './gateway.ts';
import type { Ground } from './ground.ts';
import type { WiredOperations } from './operations.ts';
import type { WiredStaff } from './staff.ts';

export function wireShift(
  deps: Ground & WiredGateway & WiredOperations & WiredStaff & WiredCounter,
  options: CoreOptions,
  signals: Signals<'deskChanged' | 'zReported'>,
) {
  const { store, settings, deskSettings, desk, supervisor, log, audit, chain, emit, clock } = deps;
  const reconciler = createReconciler({
    gateways: deps.gateways,
    journal: deps.journal,
    health: deps.health,
    createInFlight: deps.createInFlight,
    concurrency: deps.lookupPolicy.concurrency,
  });
  const shifts = createShifts({
    store,
    settings,
    deskSettings,
    desk,
    operators: deps.operators,
    supervisor,
    reconciler,
    checkout: deps.checkout,
    deskContext: deps.deskContext,
    log,
    audit,
    chain,
    changed: signals.deskChanged.fire,
    closed: () => signals.zReported.fire(),
    reconciled: (shift) => emit('shift.reconciled', shift),
    clock,
  });
  const deskState = createDeskState({
    shifts: store.shifts,
    desk,
    supervisor,
    book: deps.book,
    deskSettings,
    backups: deps.backups,
    chain,
  });
  const day = createDayFeature({
    store,
    desk,
    operators: deps.operators,
    supervisor,
    backups: deps.backups,
    shifts,
    audit,
    state: deskState,
    dataDir: deps.dataDir,
    printer: options.printer,
    operationDesk: () => deps.deskContext.get(),
    slips: createSlipPrinting({
      store,
      settings,
      log,
      printer: options.printer,
      timeZone: deskTimeZone(options.timeZone),
    }),
    reconcileRetryMs: options.day?.reconcileRetryMs ?? 60_000,
    clock,
  });
  return { shifts, deskState, day };
}

export type WiredShift = ReturnType<typeof wireShift>;
