// The desk as the renderer shows it (DeskState): who is signed in, the lock, the supervisor, the
// PINs, the open shift, the desk's settings, the last backup and the chain's integrity.
import type { DeskState } from '../../common/contract.ts';
import type { ChainGuard } from '../audit/chain-guard.ts';
import type { Backups } from '../export/backup.ts';
import type { DeskSettingsStore } from '../settings/desk-settings.ts';
import type { Desk } from '../staff/desk-lock.ts';
import type { PinBook } from '../staff/pin-book.ts';
import type { Supervisor } from '../staff/supervisor.ts';
import { type ShiftsRepo, summary } from '../store/shifts.ts';

export function createDeskState(deps: {
  shifts: Pick<ShiftsRepo, 'open'>;
  desk: Pick<Desk, 'operator' | 'locked'>;
  supervisor: Pick<Supervisor, 'pinSet' | 'unlockedUntil' | 'newPinNeeded'>;
  book: Pick<PinBook, 'needReset' | 'tampered'>;
  deskSettings: Pick<DeskSettingsStore, 'get'>;
  backups: Pick<Backups, 'state'>;
  chain: Pick<ChainGuard, 'integrity'>;
}) {
  const { desk, supervisor, book } = deps;
  return function state(): DeskState {
    const open = deps.shifts.open();
    return {
      operator: desk.operator(),
      locked: desk.locked(),
      supervisor: {
        pinSet: supervisor.pinSet(),
        unlockedUntil: supervisor.unlockedUntil(),
        newPinNeeded: supervisor.newPinNeeded(),
      },
      pins: { needReset: book.needReset(), tampered: book.tampered() },
      shift: open ? summary(open) : null,
      settings: deps.deskSettings.get(),
      backup: deps.backups.state(),
      integrity: deps.chain.integrity(),
    };
  };
}
