// The features whose deps are not already services the stages built by the same names: each
// adapts what the stages built to what its feature takes.

import type { OperationView } from '../../common/contract.ts';
import { deskTimeZone } from '../clock.ts';
import type { CoreOptions } from '../core-types.ts';
import { createTray } from '../history/tray.ts';
import { createReceiptsFeature } from '../receipts/handlers.ts';
import { createSettingsFeature } from '../settings/handlers.ts';
import { endTrainingShift } from '../shift/end-training.ts';
import type { WiredCounter } from './counter.ts';
import type { WiredGateway } from './gateway.ts';
import type { Ground } from './ground.ts';
import type { WiredHeadOffice } from './head-office.ts';
import type { WiredOperations } from './operations.ts';
import type { WiredShift } from './shift.ts';
import type { WiredStaff } from './staff.ts';
import type { WiredUpkeep } from './upkeep.ts';

/** Every service the stages built, by name (main/core.ts spreads them into one). */
export type Wired = Ground &
  WiredHeadOffice &
  WiredGateway &
  WiredOperations &
  WiredStaff &
  WiredCounter &
  WiredShift &
  WiredUpkeep;

/** The terminal's settings and tokens; a new token also releases the lookups that waited for it. */
export const settingsFeature = (wired: Wired, retryWaitingLookups: () => void) =>
  createSettingsFeature({
    settings: wired.settings,
    gateways: wired.gateways,
    appState: wired.appState,
    retryWaitingLookups,
    modeChanged: wired.trainingGateway.follow,
    endTraining: () => endTrainingShift(wired.shifts, wired.store),
    track: wired.pending.track,
    supervisors: wired.supervisorPins,
  });

/** Receipts and reports on paper and in PDFs, printed automatically as operations change. */
export const receiptsFeature = (wired: Wired, options: CoreOptions) =>
  createReceiptsFeature({
    store: wired.store,
    settings: wired.settings,
    journal: wired.journal,
    log: wired.log,
    printer: options.printer,
    emit: wired.emit,
    on: wired.events.on,
    operator: () => wired.store.shifts.open()?.operatorName ?? null,
    reports: { x: wired.shifts.report, z: wired.shifts.zReport },
    headOffice: wired.headOffice.zNote,
    clock: wired.clock,
    timeZone: deskTimeZone(options.timeZone),
  });

/** Home's tray, pushed by main: an operation, the shift or the mode changing may change it. */
export function homeTray(wired: Wired) {
  const tray = createTray(wired);
  wired.events.follow((event, payload) => {
    if (event === 'operation.changed') tray.operationChanged(payload as OperationView);
    else if (event === 'desk.changed' || event === 'app.changed') tray.deskChanged();
  });
  return tray;
}
