// The one place every call is checked against the desk's locks before its handler runs: the lock
// screen lets through only itself and the supervisor's work, supervised channels need the
// supervisor unlocked, and turning Live on has its conditions. Kept as a table beside the
// handlers, so what is guarded can be read in one file.
import {
  CHANNEL_NAMES,
  type ChannelName,
  type Mode,
  type Settings,
  SUPERVISOR_CHANNELS,
} from '../../common/contract.ts';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Handlers } from '../ipc/handlers.ts';
import { readEnrolment } from '../settings/enrolment.ts';
import { DEFAULT_SETTINGS, type SettingsDocument, type SettingsService } from '../settings/service.ts';
import type { Store } from '../store/index.ts';
import type { Desk } from './desk-lock.ts';
import type { Supervisor } from './supervisor.ts';

/** Reads that do not keep an idle desk awake (a screen may refresh them by itself). */
const PASSIVE: ReadonlySet<ChannelName> = new Set([
  'app.getState',
  'desk.state',
  'shift.current',
  'history.open',
  'operators.list',
  // The window naming what it shows, which it does by itself on every screen change.
  'lookup.follow',
  'hq.status',
]);

/** Behind the lock screen only the lock screen itself, and the supervisor's own work, answer. */
function openWhileLocked(name: ChannelName): boolean {
  return (
    name === 'app.getState' ||
    name === 'shift.current' ||
    // A window opened behind the lock screen ends the follows of the one before it.
    name === 'lookup.follow' ||
    // The lock screen's supervisor form asks for HQ's code when a reset is armed.
    name === 'hq.status' ||
    ['desk', 'supervisor', 'operators', 'settings'].includes(name.split('.')[0]!)
  );
}

type Deps = {
  desk: Desk;
  supervisor: Supervisor;
  settings: SettingsService;
  store: Pick<Store, 'settings' | 'shifts'>;
};

export function guardHandlers(handlers: Handlers, deps: Deps): Handlers {
  const guarded: Partial<Record<ChannelName, (request: unknown) => unknown>> = {};
  for (const name of CHANNEL_NAMES) {
    const handler = handlers[name] as (request: unknown) => unknown;
    guarded[name] = (request) => {
      if (deps.desk.locked() && !openWhileLocked(name)) {
        throw new AgentError('locked', refusal('staff.deskLocked'), {
          field: 'desk',
        });
      }
      if (!PASSIVE.has(name)) deps.desk.activity();
      const supervised = SUPERVISOR_CHANNELS.has(name) && !languageOnly(deps, name, request);
      if (supervised) deps.supervisor.require();
      if (name === 'settings.setMode') checkModeChange(deps, (request as { mode: Mode }).mode);
      if (name === 'settings.save') {
        checkTerminal(deps, (request as Omit<Settings, 'mode'>).terminalId);
        checkUpdateUrl(deps, (request as Omit<Settings, 'mode'>).updateUrl);
      }
      if (!supervised) return handler(request);
      // Only a call that succeeded renews the supervisor's unlocked time.
      return Promise.resolve(handler(request)).then((value) => {
        deps.supervisor.renew();
        return value;
      });
    };
  }
  return guarded as Handlers;
}

/**
 * The language switch on every screen saves the settings with only the language changed: the
 * agent turns to the payer's language without calling a supervisor.
 */
function languageOnly(deps: Deps, name: ChannelName, request: unknown): boolean {
  if (name !== 'settings.save') return false;
  const { mode: _mode, language: _now, printing, ...current } = deps.settings.get();
  const asked = request as SettingsDocument;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return (
    (Object.keys(current) as (keyof typeof current)[]).every((key) => same(asked[key], current[key])) &&
    (asked.printing === undefined || same(asked.printing, printing)) &&
    // The desk's part (idle lock, thresholds, backups) is the supervisor's, whatever else is asked.
    (asked.desk === undefined || same(asked.desk, deps.settings.deskSettings.get()))
  );
}

function checkModeChange(deps: Deps, mode: Mode) {
  const current = deps.settings.get();
  if (mode === current.mode) return;
  // A training shift holds no real cash: turning Live on ends it (settings/handlers.ts).
  if (deps.store.shifts.open()?.training === false) {
    throw new AgentError('conflict', refusal('staff.shiftOpen'));
  }
  if (mode !== 'live') return;
  if (!deps.supervisor.pinSet()) {
    throw new AgentError('locked', refusal('staff.liveNeedsSupervisor'), {
      field: 'supervisorPin',
    });
  }
  if (current.terminalId === DEFAULT_SETTINGS.terminalId) {
    throw new AgentError(
      'validation',
      refusal('staff.liveNeedsTerminal', { terminalId: DEFAULT_SETTINGS.terminalId }),
      { field: 'terminalId' },
    );
  }
}

/** An update URL is followed only on a desk a supervisor PIN guards (else any page could set one). */
function checkUpdateUrl(deps: Deps, updateUrl: string | null) {
  if (!updateUrl || updateUrl === deps.settings.get().updateUrl || deps.supervisor.pinSet()) return;
  throw new AgentError('locked', refusal('staff.updateNeedsSupervisor'), {
    field: 'supervisorPin',
  });
}

function checkTerminal(deps: Deps, terminalId: string) {
  const current = deps.settings.get();
  if (terminalId === current.terminalId) return;
  // The head office keys this desk's journal by its terminal ID: it stays the one enrolled.
  if (readEnrolment(deps.store.settings)) {
    throw new AgentError('conflict', refusal('staff.enrolledTerminal'), { field: 'terminalId' });
  }
  // Only a live shift's operations and drawer belong to the terminal; a training one ends with Live.
  if (deps.store.shifts.open()?.training === false) {
    throw new AgentError('conflict', refusal('staff.terminalShiftOpen'), {
      field: 'terminalId',
    });
  }
  if (current.mode === 'live' && terminalId === DEFAULT_SETTINGS.terminalId) {
    throw new AgentError('validation', refusal('staff.terminalDefault'), {
      field: 'terminalId',
    });
  }
}
