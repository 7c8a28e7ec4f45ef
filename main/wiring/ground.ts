// What every feature stands on, laid first: the private folder (made the user's alone before
// anything is written there, and again for an older install's files), the database, the log, the
// events; the keychain, the audit trail and the settings, each change of which the trail records;
// the training gateway, which runs only while the desk is in training; and, before anything else
// writes, the chain's key (its check runs once the core is up).
import { join } from 'node:path';
import { createChainGuard } from '../audit/chain-guard.ts';
import { createAuditTrail } from '../audit/trail.ts';
import type { Clock } from '../clock.ts';
import type { CoreOptions } from '../core-types.ts';
import { createEvents } from '../events.ts';
import { createLog } from '../log.ts';
import { createPendingWork } from '../pending-work.ts';
import { preparePrivateFolder } from '../private-files.ts';
import { createSettingsService, loadSettings, startInLanguage } from '../settings/service.ts';
import type { Signals } from '../signal.ts';
import { createStore } from '../store/index.ts';
import { createTrainingGateway } from '../training/gateway.ts';
import { createVault } from '../vault/index.ts';

export async function wireGround(options: CoreOptions, clock: Clock, signals: Signals<'deskChanged'>) {
  options.starting?.('data');
  preparePrivateFolder(options.dataDir);
  const store = createStore(options.dataDir, () => new Date(clock.now()).toISOString());
  const log = createLog(join(options.dataDir, 'cashdesk.log'));
  const { emit, ...events } = createEvents();
  const pending = createPendingWork();

  const vault = createVault(options.keychainService);
  const audit = createAuditTrail({
    store,
    log,
    terminalId: () => loadSettings(store.settings, log).terminalId,
    clock,
  });
  // Settings wait for a live shift to close; a training shift, with no real cash, ends with Live.
  const shiftOpen = () => store.shifts.open()?.training === false;
  startInLanguage(store.settings, options.systemLanguages);
  const settings = createSettingsService(store.settings, vault, log, { audit, shiftOpen });
  const trainingGateway = createTrainingGateway({ dataDir: options.dataDir, given: options.training, log });
  await trainingGateway.follow(settings.get().mode);
  const chain = createChainGuard({ store, vault, audit, log, changed: signals.deskChanged.fire, clock });
  options.starting?.('keychain');
  await chain.start();
  options.starting?.('services');
  return {
    dataDir: options.dataDir,
    clock,
    store,
    log,
    emit,
    events,
    pending,
    vault,
    audit,
    settings,
    deskSettings: settings.deskSettings,
    trainingGateway,
    training: trainingGateway.gateway,
    chain,
  };
}

export type Ground = Awaited<ReturnType<typeof wireGround>>;
