// createCore: everything main does, under plain Node. It returns the handler table behind every
// IPC channel plus an event source. The Electron shell, the tests and the browser harness all use it.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  type AppState,
  type ChannelName,
  type Channels,
  channels,
  type EventName,
  type EventPayload,
  type Response,
  type Result,
} from '../common/contract.ts';
import { AgentError, toAppError } from './app-error.ts';
import { createCheckout } from './checkout.ts';
import { createConnectivity } from './connectivity.ts';
import { GatewayError } from './gateway/errors.ts';
import { createGateways, type GatewayTuning, type TrainingGateway } from './gateways.ts';
import { createLedger, expectOperation } from './ledger.ts';
import { createLog } from './log.ts';
import { createLookups, DEFAULT_LOOKUP_POLICY, type LookupPolicy } from './lookups.ts';
import { renderReceipt } from './receipts.ts';
import { recoverUnsettled } from './recovery.ts';
import { type Sandbox, startSandbox } from './sandbox/server.ts';
import { createSettingsService } from './settings.ts';
import { createStore } from './store/index.ts';
import { captureTraining } from './training.ts';
import { createVault } from './vault/index.ts';

export type CoreOptions = {
  dataDir: string;
  /** The keychain service name; tests use their own so they never touch the real entries. */
  keychainService?: string;
  /** A training gateway already running (tests, the browser preview). Otherwise one is started. */
  training?: TrainingGateway;
  gateway?: GatewayTuning;
  lookups?: Partial<LookupPolicy>;
  version?: string;
};

type Listener = (event: EventName, payload: unknown) => void;
type Handlers = {
  [C in ChannelName]: (request: z.output<Channels[C]['request']>) => Promise<Response<C>> | Response<C>;
};

export type Core = {
  /** Validates the request against the contract, runs the handler, and never throws. */
  invoke(channel: string, request: unknown): Promise<Result<unknown>>;
  on(listener: Listener): () => void;
  /** The training gateway this core started itself, if any. */
  readonly sandbox: Sandbox | null;
  /** Resolves when no lookup is queued or in flight. */
  idle(): Promise<void>;
  duplicateInflight(): number;
  close(): Promise<void>;
};

export async function createCore(options: CoreOptions): Promise<Core> {
  const store = createStore(options.dataDir);
  const log = createLog(join(options.dataDir, 'cashdesk.log'));
  const listeners = new Set<Listener>();
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    for (const listener of listeners) listener(event, payload);
  };

  let sandbox: Sandbox | null = null;
  let training = options.training;
  if (!training) {
    sandbox = await startSandbox({
      port: 0,
      token: randomBytes(24).toString('base64url'),
      stateFile: join(options.dataDir, 'training-gateway.json'),
    });
    training = sandbox;
  }

  const settings = createSettingsService(store.settings, createVault(options.keychainService));
  const gateways = createGateways(settings, training, options.gateway ?? {});
  const connectivity = createConnectivity(
    () => store.outbox.count(),
    (state) => emit('connectivity.changed', state),
  );
  const ledger = createLedger(
    store,
    (record) => emit('operation.changed', ledger.view(record)),
    () => settings.get().mode === 'training',
  );

  async function appState(): Promise<AppState> {
    return {
      settings: settings.get(),
      tokens: await settings.tokenStates(),
      connectivity: connectivity.snapshot(),
      version: options.version ?? '0.0.0',
    };
  }
  const announceApp = () => void appState().then((state) => emit('app.changed', state));

  const tokenRejected = (shopId: number) => {
    settings.markRejected(shopId);
    announceApp();
  };
  const tokenAccepted = (shopId: number) => {
    if (settings.markAccepted(shopId)) announceApp();
  };
  /** The gateway answered: the link is up, the token works, and waiting lookups may go now. */
  const gatewayAnswered = (shopId: number) => {
    if (connectivity.succeeded()) store.outbox.retryFailedNow();
    tokenAccepted(shopId);
    lookups.kick();
  };
  const gatewayFailed = (shopId: number, error: GatewayError) => {
    log.write('gateway_error', error.toJSON());
    if (error.kind === 'unauthorized') tokenRejected(shopId);
    else connectivity.failed(error);
  };

  const lookups = createLookups({
    store,
    gateways,
    ledger,
    connectivity,
    policy: { ...DEFAULT_LOOKUP_POLICY, ...options.lookups },
    answered: (result) => emit('lookup.answered', result),
    tokenRejected,
    tokenAccepted,
  });
  const checkout = createCheckout({
    store,
    settings,
    gateways,
    ledger,
    lookups,
    connectivity,
    gatewayFailed,
    gatewayAnswered,
  });

  recoverUnsettled(store, ledger, lookups);

  const handlers: Handlers = {
    'app.getState': () => appState(),
    'settings.save': async (next) => {
      settings.save(next);
      gateways.reset();
      announceApp();
      return appState();
    },
    'settings.setMode': async ({ mode }) => {
      settings.setMode(mode);
      gateways.reset();
      announceApp();
      return appState();
    },
    'settings.setToken': async ({ shopId, token }) => {
      await settings.setToken(shopId, token);
      gateways.reset();
      store.outbox.retryFailedNow();
      lookups.kick();
      announceApp();
      return appState();
    },
    'settings.clearToken': async ({ shopId }) => {
      await settings.clearToken(shopId);
      gateways.reset();
      announceApp();
      return appState();
    },
    'checkout.listMethods': ({ shopId, operationType }) => checkout.listMethods(shopId, operationType),
    'checkout.openSession': (request) => checkout.openSession(request),
    'checkout.createOperation': (request) => checkout.createOperation(request),
    'checkout.abandon': ({ localId }) => checkout.abandon(localId),
    'checkout.confirmTraining': async ({ localId }) => {
      const record = checkout.get(localId);
      if (!record.training || settings.get().mode !== 'training' || record.phase !== 'created') {
        throw new AgentError('conflict', 'Only a created training operation can be confirmed here.', {
          localId,
        });
      }
      const envelope = await captureTraining(training, record.shopId, record.operationNumber);
      return ledger.view(ledger.applyRemote(envelope));
    },
    'history.search': ({ limit, ...filter }) => {
      const rows = store.operations.search({
        ...filter,
        from: filter.from && new Date(filter.from).toISOString(),
        to: filter.to && new Date(filter.to).toISOString(),
        limit,
      });
      const last = rows.length === limit ? rows.at(-1) : undefined;
      return {
        // The contract's HistoryRow picks its fields from the view when invoke parses the reply.
        rows: rows.map((r) => ledger.view(r)),
        next: last ? { createdAt: last.createdAt, localId: last.localId } : null,
      };
    },
    'history.get': ({ localId }) => ({
      operation: ledger.view(checkout.get(localId)),
      events: store.operations.events(localId),
    }),
    'history.refresh': ({ localId }) => {
      const record = checkout.get(localId);
      if (record.phase === 'created' || record.phase === 'outcome_unknown' || record.phase === 'creating') {
        lookups.enqueue(
          record.shopId,
          record.operationNumber,
          record.phase === 'created' ? 'status' : 'resolve',
        );
      }
      return ledger.view(record);
    },
    'receipts.render': ({ localId, width }) => {
      const record = receiptable(localId);
      const { shops, language } = settings.get();
      const shopName = shops.find((s) => s.id === record.shopId)?.name ?? String(record.shopId);
      const copy = record.printCount > 0;
      return {
        text: renderReceipt({ operation: ledger.view(record), shopName, width, language, copy }),
        copy,
      };
    },
    'receipts.markPrinted': ({ localId }) => {
      const record = receiptable(localId);
      const printCount = record.printCount + 1;
      return ledger.view(
        ledger.save(localId, { printCount }, { kind: 'receipt_printed', detail: `print ${printCount}` }),
      );
    },
    'lookup.byNumber': async ({ shopId, operationNumber }) => {
      try {
        const { client } = await gateways.forShop(shopId);
        const envelope = expectOperation(
          await client.getOperation({ shopId, operationNumber }),
          shopId,
          operationNumber,
          'getOperation',
        );
        gatewayAnswered(shopId);
        return { state: 'found' as const, operation: ledger.view(ledger.applyRemote(envelope)) };
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        if (error.kind === 'not_found') {
          gatewayAnswered(shopId);
          return { state: 'not_found' as const, shopId, operationNumber };
        }
        gatewayFailed(shopId, error);
        if (error.kind === 'unauthorized' || error.kind === 'rejected') throw error;
        lookups.enqueue(shopId, operationNumber, 'agent');
        return { state: 'queued' as const, shopId, operationNumber };
      }
    },
  };

  /** A receipt is for an operation the gateway holds, never for an attempt. */
  function receiptable(localId: number) {
    const record = checkout.get(localId);
    if (record.phase !== 'created') {
      throw new AgentError('conflict', 'There is no receipt for an operation the gateway does not hold.', {
        localId,
      });
    }
    return record;
  }

  async function invoke(channel: string, request: unknown): Promise<Result<unknown>> {
    if (typeof channel !== 'string' || !Object.hasOwn(channels, channel)) {
      return { ok: false, error: { kind: 'invalid_input', message: 'Unknown channel.', cash: 'none' } };
    }
    const name = channel as ChannelName;
    try {
      const parsed = channels[name].request.safeParse(request);
      if (!parsed.success) {
        const detail = parsed.error.issues
          .map((i) => `${i.path.join('.') || 'request'}: ${i.message}`)
          .join('; ');
        return { ok: false, error: { kind: 'invalid_input', message: detail, cash: 'none' } };
      }
      const handler = handlers[name] as (request: unknown) => Promise<unknown> | unknown;
      const value = await handler(parsed.data);
      // The response is checked too, so the contract can never silently drift.
      return { ok: true, value: channels[name].response.parse(value) };
    } catch (error) {
      const appError = toAppError(error);
      if (appError.kind === 'internal' || appError.kind === 'storage')
        log.write('handler_error', { channel, error });
      return { ok: false, error: appError };
    }
  }

  return {
    invoke,
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sandbox,
    idle: () => lookups.idle(),
    duplicateInflight: () => lookups.duplicateInflight(),
    async close() {
      lookups.close();
      listeners.clear();
      store.close();
      await sandbox?.close();
    },
  };
}
