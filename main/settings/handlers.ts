// The terminal's settings and tokens. Every change drops the gateway clients built from the old
// ones and tells the renderer; a new token also releases the lookups that waited for it.
import type { Mode } from '../../common/enums.ts';
import { type Phrase, phrase, refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { SupervisorPins } from '../diagnostics/supervisor.ts';
import type { Feature } from '../feature.ts';
import type { Gateways } from '../gateway/gateways.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { AppStateSource } from './app-state.ts';
import type { SettingsService } from './service.ts';

type SettingsChannel =
  | 'app.getState'
  | 'settings.save'
  | 'settings.setMode'
  | 'settings.setToken'
  | 'settings.clearToken';

export function createSettingsFeature(deps: {
  settings: SettingsService;
  gateways: Gateways;
  appState: AppStateSource;
  retryWaitingLookups: () => void;
  /** The mode was switched: the training gateway starts or stops (main/training/gateway.ts). */
  modeChanged: (mode: Mode) => Promise<void>;
  /** Turning Live on ends the training shift first, in the same step (shift/end-training.ts). */
  endTraining: () => Promise<void>;
  /** A token update awaits the keychain, then writes: core.close() waits for it. */
  track: <T>(work: Promise<T>) => Promise<T>;
  supervisors: SupervisorPins;
}): Feature<HandlerTable<SettingsChannel>> {
  const { settings, appState } = deps;
  /** A new token or gateway asks for the supervisor PIN again, even while unlocked. */
  async function confirmSupervisor(pin: string | undefined, what: Phrase) {
    settings.refuseWhileShiftOpen();
    if (!deps.supervisors.isSet()) return;
    if (!pin)
      throw new AgentError('locked', refusal('staff.needsCurrentSupervisorPin', { what }), {
        field: 'supervisorPin',
      });
    await deps.supervisors.verify(pin);
  }
  const changed = () => {
    deps.gateways.reset();
    appState.announce();
    return appState.get();
  };
  const handlers: HandlerTable<SettingsChannel> = {
    'app.getState': () => appState.get(),
    'settings.save': async ({ supervisorPin, ...next }) => {
      if (next.gatewayUrl !== settings.get().gatewayUrl) {
        await confirmSupervisor(supervisorPin, phrase('action.newGateway'));
      }
      settings.save(next);
      return changed();
    },
    'settings.setMode': async ({ mode }) => {
      if (mode === 'live' && settings.get().mode !== 'live') await deps.endTraining();
      settings.setMode(mode);
      await deps.modeChanged(mode);
      return changed();
    },
    'settings.setToken': ({ shopId, token, supervisorPin }) =>
      deps.track(
        (async () => {
          await confirmSupervisor(supervisorPin, phrase('action.newToken'));
          await settings.setToken(shopId, token);
          deps.retryWaitingLookups();
          return changed();
        })(),
      ),
    'settings.clearToken': ({ shopId }) => deps.track(settings.clearToken(shopId).then(changed)),
  };
  return { handlers };
}
