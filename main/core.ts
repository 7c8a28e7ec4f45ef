// createCore: everything main does, under plain Node, built in one place and in dependency order.
// Each stage (main/wiring/) builds its services after everything they use; a service that must react
// to one built later hears of it through a signal (main/signal.ts). The features then hand back their
// handlers, merged into the one table behind every IPC channel, with what each starts and closes.
// The Electron shell, the tests and the browser preview all use it.
import { refusal, withEnglish } from '../common/refusal.ts';
import { createCheckoutFeature } from './checkout/handlers.ts';
import { systemClock } from './clock.ts';
import type { Core, CoreOptions, CoreProbe } from './core-types.ts';
import { type Feature, handlersOf } from './feature.ts';
import { createHistoryFeature } from './history/handlers.ts';
import { createDispatch } from './ipc/dispatch.ts';
import type { Handlers } from './ipc/handlers.ts';
import { createFollowFeature } from './lookups/follow-handlers.ts';
import { createLookupsFeature } from './lookups/handlers.ts';
import { recoverUnsettled } from './lookups/recovery.ts';
import { createSignal } from './signal.ts';
import { guardHandlers } from './staff/gate.ts';
import { createTrainingFeature } from './training/handlers.ts';
import { wireCounter } from './wiring/counter.ts';
import { homeTray, receiptsFeature, settingsFeature, type Wired } from './wiring/features.ts';
import { wireGateway } from './wiring/gateway.ts';
import { wireGround } from './wiring/ground.ts';
import { headOfficeFeature, wireHeadOffice } from './wiring/head-office.ts';
import { wireOperations } from './wiring/operations.ts';
import { wireShift } from './wiring/shift.ts';
import { wireStaff } from './wiring/staff.ts';
import { wireUpkeep } from './wiring/upkeep.ts';

export type { Core, CoreOptions, CoreProbe } from './core-types.ts';

export async function createCore(options: CoreOptions): Promise<Core> {
  return (await assembleCore(options)).core;
}

export async function assembleCore(options: CoreOptions): Promise<{ core: Core; probe: CoreProbe }> {
  // What is announced here and reacted to by services built further down.
  const signals = {
    /** The desk's state changed: DeskState is pushed again. */
    deskChanged: createSignal(),
    /** The gateway answers again after an outage, or a token was replaced. */
    gatewayBack: createSignal(),
    /** A Z report was produced. */
    zReported: createSignal(),
    /** The head office's status may read differently (a reset armed or done). */
    headOfficeChanged: createSignal(),
  };
  const { deskChanged, gatewayBack, zReported, headOfficeChanged } = signals;

  // The stages, each built after everything it uses.
  const ground = await wireGround(options, options.clock ?? systemClock, signals);
  const office = wireHeadOffice(ground, options, signals);
  const link = wireGateway(ground, options, signals);
  const ops = wireOperations({ ...ground, ...link, ...office }, options);
  const staff = await wireStaff(ground, options, signals);
  const counter = wireCounter({ ...ground, ...link, ...ops, ...staff });
  const shift = wireShift({ ...ground, ...link, ...ops, ...staff, ...counter }, options, signals);
  const upkeep = wireUpkeep({ ...ground, ...link, ...staff, ...ops }, options);
  const wired: Wired = { ...ground, ...office, ...link, ...ops, ...staff, ...counter, ...shift, ...upkeep };
  const { store, log, events, pending, chain, lookups, updates, day, rendererErrors } = wired;

  // Who reacts to what.
  headOfficeChanged.follow(wired.headOffice.changed);
  deskChanged.follow(() => ground.emit('desk.changed', shift.deskState()));
  zReported.follow(day.zReported);
  gatewayBack.follow(() => {
    // A gateway answer arriving as the app quits: the queue is saved as it stands.
    if (pending.closed) return;
    store.outbox.retryFailedNow();
    lookups.kick();
    day.gatewayBack();
  });
  // An operation settling may be what frees the desk for a waiting update.
  events.follow((event) => event === 'operation.changed' && updates.reconsider());
  const tray = homeTray(wired);

  // The features, whose handlers make the one table behind every channel; started in this order,
  // closed in the reverse. Renderer errors answer outside the desk's gate and close early, below.
  const features = [
    settingsFeature(wired, gatewayBack.fire),
    createCheckoutFeature(wired.checkout, wired.custody, log),
    createTrainingFeature(wired),
    createHistoryFeature({ ...wired, tray }),
    receiptsFeature(wired, options),
    createLookupsFeature(wired),
    createFollowFeature(wired),
    day,
    upkeep.upkeep,
    headOfficeFeature(wired),
  ] as const;
  const handlers: Handlers = handlersOf([...features, rendererErrors]);
  const lifecycle: readonly Feature<object>[] = features;

  // Rows from before the answer was stored get it first: recovery reads the index built on it.
  wired.journal.computeAnswers();
  recoverUnsettled(store, wired.journal, lookups);
  for (const feature of lifecycle) await feature.start?.();
  void chain.verify();

  // Every call passes the desk's gate first: the lock screen, the supervisor, Live's conditions.
  // Except a renderer's error report: it is logged behind the lock screen too, and is not the agent
  // at work, so it keeps no idle desk awake.
  const guarded = guardHandlers(handlers, wired);
  const dispatch = createDispatch({ ...guarded, ...rendererErrors.handlers }, log);
  let closing: Promise<void> | undefined;
  const core: Core = {
    invoke(channel, request) {
      if (pending.closed) {
        const error = { kind: 'conflict', ...withEnglish(refusal('core.closing')), cash: 'none' } as const;
        return Promise.resolve({ ok: false, error });
      }
      return dispatch(channel, request);
    },
    on: events.on,
    log,
    get sandbox() {
      return wired.trainingGateway.sandbox();
    },
    updates,
    close() {
      closing ??= (async () => {
        // Token updates and the announcements after them finish before the database closes.
        await pending.close();
        // Before the features close: renderer errors held back are written, lookups stop asking,
        // nothing more is announced, the chain's check stops.
        rendererErrors.close();
        lookups.close();
        tray.close();
        events.clear();
        chain.stop();
        for (const feature of lifecycle.toReversed()) await feature.close?.();
        await chain.idle();
        store.close();
        await wired.trainingGateway.close();
        // The log is written off the event loop: its last lines land before close resolves.
        await log.flush();
      })();
      return closing;
    },
  };
  const probe: CoreProbe = {
    idle: () => lookups.idle(),
    duplicateInflight: () => lookups.duplicateInflight(),
    durableCommits: () => store.durableCommits(),
    sql: (statement) => store.probeSql(statement),
    chainChecked: () => chain.idle(),
    headOfficeIdle: () => wired.headOffice.idle(),
  };
  return { core, probe };
}
