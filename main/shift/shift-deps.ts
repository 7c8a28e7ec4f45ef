// What the shift service (shifts.ts) and its parts (cash-movements.ts, z-reports.ts) are given:
// apart from all three, so that none imports another for its type.
import type { ShiftSummary } from '../../common/contract.ts';
import type { ChainGuard } from '../audit/chain-guard.ts';
import type { AuditTrail } from '../audit/trail.ts';
import type { Clock } from '../clock.ts';
import type { Log } from '../log.ts';
import type { DeskSettingsStore } from '../settings/desk-settings.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Desk } from '../staff/desk-lock.ts';
import type { Operators } from '../staff/operators.ts';
import type { Supervisor } from '../staff/supervisor.ts';
import type { Store } from '../store/index.ts';
import type { DeskContextSource } from './meaning-context.ts';
import type { Reconciler } from './reconcile.ts';

export type ShiftDeps = {
  store: Pick<Store, 'custody' | 'drawer' | 'durable' | 'shifts'>;
  settings: SettingsService;
  deskSettings: DeskSettingsStore;
  desk: Desk;
  operators: Operators;
  supervisor: Supervisor;
  reconciler: Reconciler;
  /** The counter's flow, for sessions the close must end and creates it must wait for. */
  checkout: { createInFlight(localId: number): boolean; abandon(localId: number): unknown };
  log: Log;
  /** The desk's mode and open shift as the answer about an operation sees them; the close sets it closing. */
  deskContext: DeskContextSource;
  audit: AuditTrail;
  /** The hash chain: checked at each close, its head on each Z report. */
  chain: Pick<ChainGuard, 'verify' | 'head'>;
  /** When a shift opens, cash moves, a drawer is counted or handed over, a Z report is made. */
  clock: Pick<Clock, 'now'>;
  /** The open shift or its drawer changed. */
  changed: () => void;
  /** A Z report was produced (a backup follows). */
  closed: (shiftId: number) => void;
  /** A shift closed "not reconciled" has been reconciled since. */
  reconciled: (shift: ShiftSummary) => void;
};
