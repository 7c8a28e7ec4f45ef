// The cash-desk flow as a state machine that writes ahead: every step is on disk before the gateway
// hears of it, so a crash or a dropped reply can always be settled by lookup, never by a second POST.
import { cashProblem } from '../../common/amount-input.ts';
import { mayExistAtGateway } from '../../common/cash-rules/operation-answer.ts';
import type { OperationView } from '../../common/contract.ts';
import { isWithin } from '../../common/money.ts';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Clock } from '../clock.ts';
import type { ConnectivityTracker } from '../connectivity.ts';
import { GatewayError } from '../gateway/errors.ts';
import { type Gateways, type GatewayTarget, targetOf } from '../gateway/gateways.ts';
import type { GatewayHealth } from '../gateway/health.ts';
import type { Lookups } from '../lookups/queue.ts';
import { meaningOf } from '../operations/meaning.ts';
import { expectOperation, type Journal } from '../operations/operation-journal.ts';
import { sessionUsable } from '../operations/session-answer.ts';
import type { SettingsService } from '../settings/service.ts';
import type { DeskContextSource } from '../shift/meaning-context.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';
import type { Attribute, CreateInput, CreatesInFlight } from './checkout-inputs.ts';
import { settleFailure } from './create-failure.ts';
import { checkPayoutAgainstDrawer, type DrawerCheckDeps, type PayoutRequest } from './drawer-check.ts';
import { createMethods } from './methods.ts';
import { allocateOperationNumber } from './operation-numbers.ts';
import { errorText, matchRequisites } from './requisites.ts';

type Deps = {
  store: Pick<Store, 'durable' | 'operations' | 'outbox' | 'settings' | 'transaction'>;
  settings: SettingsService;
  gateways: Gateways;
  journal: Journal;
  lookups: Lookups;
  connectivity: ConnectivityTracker;
  health: GatewayHealth;
  attribute: Attribute;
  desk: DeskContextSource;
  creating: CreatesInFlight;
  clock: Pick<Clock, 'now'>;
} & DrawerCheckDeps;

export function createCheckout(deps: Deps) {
  const { store, journal, creating } = deps;

  async function call<T>(target: GatewayTarget, work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      deps.health.answered(target);
      return result;
    } catch (error) {
      if (error instanceof GatewayError) deps.health.failed(target, error);
      throw error;
    }
  }
  const { listMethods, findMethod } = createMethods(deps.gateways, call);

  function get(localId: number): OperationRecord {
    const record = store.operations.get(localId);
    if (!record) throw new AgentError('not_found', refusal('checkout.noSuchOperation', { localId }));
    return record;
  }

  async function openSession(
    input: PayoutRequest & { shopId: number; paymentMethodId: string; payerId: string },
  ): Promise<OperationView> {
    const settings = deps.settings.get();
    if (!settings.shops.some((s) => s.id === input.shopId)) {
      throw new AgentError('validation', refusal('checkout.shopNotSetUp', { shopId: input.shopId }), {
        field: 'shopId',
      });
    }
    // In Live, no operation outside a shift: refused before the gateway is asked anything.
    deps.attribute(settings.mode === 'training');
    const method = await findMethod(input.shopId, input.operationType, input.paymentMethodId);
    if (!isWithin(input.amount, method.minAmount, method.maxAmount)) {
      throw new AgentError(
        'validation',
        refusal('checkout.amountRange', {
          min: method.minAmount,
          max: method.maxAmount,
          currency: method.currency,
        }),
        { field: 'amount' },
      );
    }
    // The renderer refuses these too; the core is the one that must not let them through.
    const cash = cashProblem(input.amount, method.currency);
    if (cash) {
      throw new AgentError(
        'validation',
        cash.problem === 'finerThanCash'
          ? refusal('checkout.finerThanCash', { currency: method.currency, step: cash.step })
          : refusal('checkout.decimals', {
              currency: method.currency,
              places: cash.problem === 'decimals' ? cash.places : 2,
            }),
        { field: 'amount' },
      );
    }
    await checkPayoutAgainstDrawer(deps, input, method, settings.mode === 'training');
    const { client, target } = await deps.gateways.current(input.shopId);
    // Asked again after the last await, so nothing starts in a shift that has begun closing.
    const { shiftId, operator } = deps.attribute(target.training);
    // Write ahead, on stable storage: the number is allocated and the intent stored, bound to the
    // gateway it goes to, before that gateway hears of it.
    const record = store.durable(() =>
      journal.insert(
        {
          shopId: input.shopId,
          operationNumber: allocateOperationNumber(
            store,
            settings.terminalId,
            input.shopId,
            new Date(deps.clock.now()),
          ),
          terminalId: settings.terminalId,
          origin: 'counter',
          type: input.operationType,
          training: target.training,
          gatewayUrl: target.gatewayUrl,
          methodId: method.id,
          methodName: method.name,
          instrumentType: method.instrumentType,
          payerId: input.payerId,
          amount: input.amount,
          currency: method.currency,
          phase: 'opening',
          shiftId,
          operator,
        },
        { kind: 'session_requested' },
      ),
    );
    try {
      const session = await call(target, () =>
        client.openSession({
          paymentMethodTypeId: method.id,
          operationType: input.operationType,
          shopId: input.shopId,
          operationNumber: record.operationNumber,
          payerId: input.payerId,
          amount: input.amount,
          currency: method.currency,
        }),
      );
      const opened = journal.save(
        record.localId,
        {
          sessionId: session.sessionId,
          sessionExpiresAt: new Date(session.expiredAt).toISOString(),
          payerRequisites: session.payerRequisites,
          methodRequisites: session.paymentMethodRequisites,
        },
        { kind: 'session_opened', detail: `expires ${session.expiredAt}` },
      );
      return journal.view(opened);
    } catch (error) {
      // No operation can exist without its session, so even an unknown outcome here moves no money.
      const kind = error instanceof GatewayError ? error.kind : 'internal';
      journal.save(
        record.localId,
        { lastErrorKind: kind, lastErrorMessage: errorText(error) },
        { kind: 'session_failed', detail: kind },
      );
      if (error instanceof GatewayError && error.status === 409) {
        // This desk never reuses a number, so the gateway holding it means another desk issued it.
        throw new AgentError(
          'conflict',
          refusal('checkout.numberTaken', {
            operationNumber: record.operationNumber,
            terminalId: record.terminalId,
          }),
          { field: 'terminalId', localId: record.localId },
        );
      }
      if (error instanceof GatewayError)
        throw new AgentError(error.kind, refusal('gateway.answered', { detail: error.message }), {
          localId: record.localId,
        });
      throw error;
    }
  }

  function createOperation(input: CreateInput): Promise<OperationView> {
    // A second click while the first is in flight waits for the same answer: one POST, ever.
    return creating.shared(input.localId, () => submit(input));
  }

  async function submit(input: CreateInput): Promise<OperationView> {
    const record = get(input.localId);
    if (mayExistAtGateway(record.phase)) return journal.view(record);
    if (record.phase !== 'session_open' || !record.sessionId || !record.sessionExpiresAt) {
      throw new AgentError('conflict', refusal('checkout.sessionUnusable'), {
        localId: record.localId,
      });
    }
    if (!sessionUsable(record, deps.clock.now())) {
      journal.save(record.localId, {}, { kind: 'session_expired' });
      throw new AgentError('session_expired', refusal('checkout.sessionExpired'), {
        localId: record.localId,
      });
    }
    const payerRequisites = matchRequisites(record, input.payerRequisites);
    const target = targetOf(record);
    const client = await deps.gateways.forTarget(target);
    // The last await is behind us: whatever happened meanwhile (an abandon, a restart's recovery)
    // is read again, so the POST goes out only for a session that is still open.
    if (get(record.localId).phase !== 'session_open') {
      throw new AgentError('conflict', refusal('checkout.sessionClosed'), {
        localId: record.localId,
      });
    }
    journal.save(
      record.localId,
      { lastErrorKind: null, lastErrorMessage: null, receiptLanguage: input.receiptLanguage ?? null },
      { kind: 'create_sent' },
      { durable: true },
    );
    try {
      const envelope = await call(target, async () =>
        expectOperation(
          await client.createOperation({ sessionId: record.sessionId!, payerRequisites }),
          record.shopId,
          record.operationNumber,
          'createOperation',
        ),
      );
      const created = journal.applyRemote(envelope, { firstEvent: 'created' });
      deps.lookups.follow(created.shopId, created.operationNumber);
      return journal.view(created);
    } catch (error) {
      throw settleFailure(deps, record, error);
    }
  }

  function abandon(localId: number): OperationView {
    // One answer per action: while the create is out, only its reply can say what happened.
    if (creating.has(localId)) {
      throw new AgentError('conflict', refusal('checkout.creating'), {
        localId,
        cash: 'hold',
      });
    }
    const record = get(localId);
    if (record.phase !== 'session_open' && record.phase !== 'session_failed') return journal.view(record);
    return journal.view(journal.save(localId, {}, { kind: 'abandoned' }));
  }

  /**
   * An operation the gateway never created, started again with the same details: a new session
   * under a new operation number (a number is never reused). Only what the answer allows.
   */
  function startAgain(localId: number): Promise<OperationView> {
    const record = get(localId);
    const { meaning } = meaningOf(record, deps.desk.get());
    if (!meaning.startAgain) {
      const refused =
        record.phase === 'not_created' && meaning.otherMode
          ? refusal(record.training ? 'checkout.startAgainTraining' : 'checkout.startAgainLive')
          : refusal('checkout.startAgainNotCreated');
      throw new AgentError('conflict', refused, { localId });
    }
    return openSession({
      shopId: record.shopId,
      operationType: record.type,
      paymentMethodId: record.methodId,
      amount: record.amount,
      payerId: record.payerId,
    });
  }

  /** A create for this operation is out and unanswered. */
  const createInFlight = (localId: number) => creating.has(localId);

  /** The operation as stored, or undefined: for a caller that must not throw on a stray id. */
  const find = (localId: number): OperationRecord | undefined => store.operations.get(localId);

  return {
    listMethods,
    openSession,
    createOperation,
    abandon,
    startAgain,
    get,
    find,
    createInFlight,
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
