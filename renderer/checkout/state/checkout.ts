import i18next from 'i18next';
import { create } from 'zustand';
import type { AppError, OperationView, PaymentMethod } from '../../../common/contract.ts';
import { LANGUAGES, type Language, localeOf } from '../../../common/enums.ts';
import { useOperations, useOperationView } from '../../operations/store.ts';
import { type Screen, useNavigation } from '../../shared/state/navigation.ts';
import { checkoutApi } from '../api.ts';
import { checkAmount } from './checkAmount.ts';
import { type CheckoutStore, emptyDraft } from './checkoutDraft.ts';
import { methodMemory } from './methodMemory.ts';
import { missingRequisites, payerDetailsOf } from './payerDetails.ts';
import { sessionExpired } from './sessionClock.ts';

/** The screen's language: what the receipt prints in unless the payer asks for another. */
export function screenLanguage(): Language {
  return LANGUAGES.find((language) => language === i18next.language) ?? 'en';
}

const navigation = () => useNavigation.getState();

/** Counts checkouts started, so a method list that arrives after the agent has moved on is dropped. */
let started = 0;

/** The checkout's operation as the store holds it now. */
export function checkoutOperation(): OperationView | null {
  const { localId } = useCheckout.getState();
  return localId === null ? null : (useOperations.getState().byId.get(localId) ?? null);
}

/** The core's refusal of a payout over the drawer's cash until the supervisor's PIN comes with it. */
const overDrawer = (error: AppError) => error.kind === 'locked' && error.field === 'supervisorPin';
/** The answers to a PIN tried for it, which the PIN field shows (a wrong one, a wait). */
const PIN_ANSWERS: ReadonlySet<AppError['kind']> = new Set(['locked', 'pin_refused']);

export const useCheckout = create<CheckoutStore>()((set, get) => {
  /**
   * The checkout takes this operation (or none): its view goes to the store, held there for as long
   * as the checkout works on it. Returns what `localId` becomes.
   */
  const hold = (view: OperationView | null): number | null => {
    const operations = useOperations.getState();
    const before = get().localId;
    const after = view?.localId ?? null;
    if (view) operations.put(view);
    if (before !== after) {
      if (after !== null) operations.show(after);
      if (before !== null) operations.hide(before);
    }
    return after;
  };
  /** A session for the draft. The core allocates a fresh operation number every time. */
  const requestSession = async (supervisorPin?: string) => {
    const { shopId, type, method, amount, payerId } = get();
    const result = await checkoutApi.openSession({
      shopId,
      operationType: type,
      paymentMethodId: method?.id ?? '',
      amount: wireAmount(amount, method),
      payerId: payerId.trim(),
      ...(supervisorPin ? { supervisorPin } : {}),
    });
    if (result.ok) set({ localId: hold(result.value), refused: null });
    return result;
  };

  /** The waiting step's own requests: an answer replaces the operation, a refusal's Back returns here. */
  const followUp = async (request: (localId: number) => ReturnType<typeof checkoutApi.refresh>) => {
    const current = checkoutOperation();
    if (!current) return;
    const result = await request(current.localId);
    if (result.ok) set({ localId: hold(result.value) });
    else navigation().showError(result.error, { name: 'waiting' });
  };

  return {
    ...emptyDraft,

    start: (type, shopId) => {
      const current = ++started;
      set({ ...emptyDraft, type, shopId, localId: hold(null) });
      navigation().showStep('method');
      void checkoutApi.listMethods({ shopId, operationType: type }).then((result) => {
        if (current !== started || navigation().screen.name !== 'method') return;
        if (!result.ok) return navigation().showError(result.error, { name: 'home' });
        const [only, ...others] = result.value;
        // The method remembered for this shop and type, while the gateway still offers it; Back (or
        // "Change method") shows the tiles again.
        const remembered = result.value.find((m) => m.id === methodMemory.get(shopId, type));
        const method = remembered ?? (only && others.length === 0 ? only : null);
        if (method) {
          set({ methods: result.value, method });
          navigation().showStep('amount');
        } else {
          set({ methods: result.value });
        }
      });
    },

    chooseMethod: (method) => {
      methodMemory.set(get().shopId, get().type, method.id);
      set({ method });
      navigation().showStep('amount');
    },

    setAmount: (amount) => set({ amount }),

    submitAmount: () => {
      const { amount, method } = get();
      if (method && checkAmount(amount, method, localeOf(i18next.language)).ok)
        navigation().showStep('payer');
    },

    setPayerId: (payerId) => set({ payerId, samePayer: null, recentForPayer: [], drawerApproval: null }),

    openSession: async () => {
      const open = await checkoutApi.openForPayer({ payerId: get().payerId.trim() });
      if (!open.ok) return navigation().showError(open.error, { name: 'payer' });
      set({ recentForPayer: open.value.recent });
      if (open.value.rows.length > 0) return set({ samePayer: open.value.rows });
      await get().openSessionAnyway();
    },

    openSessionAnyway: async () => {
      set({ samePayer: null });
      const result = await requestSession();
      if (result.ok) navigation().showStep('session');
      else if (overDrawer(result.error)) set({ drawerApproval: { refusal: null } });
      else
        navigation().showError(result.error, { name: result.error.field === 'amount' ? 'amount' : 'payer' });
    },

    approveOverDrawer: async (supervisorPin) => {
      const result = await requestSession(supervisorPin);
      if (result.ok) {
        set({ drawerApproval: null });
        navigation().showStep('session');
      } else if (PIN_ANSWERS.has(result.error.kind)) set({ drawerApproval: { refusal: result.error } });
      else navigation().showError(result.error, { name: 'payer' });
    },

    restartSession: async () => {
      // From the error screen a refusal leads where that screen's Back led; past expiry, to the payer.
      const { screen } = navigation();
      const back: Screen = screen.name === 'error' ? screen.back : { name: 'payer' };
      const result = await requestSession();
      if (result.ok) navigation().showStep('session');
      else navigation().showError(result.error, back);
    },

    setRequisite: (name, value) =>
      set((s) => ({
        requisites: { ...s.requisites, [name]: value },
        refused: s.refused === name ? null : s.refused,
      })),

    setReceiptLanguage: (receiptLanguage) => set({ receiptLanguage }),

    confirmOperation: async () => {
      const { requisites, method, receiptLanguage } = get();
      const current = checkoutOperation();
      const session = current?.session;
      if (!current || !session || missingRequisites(session, requisites).length > 0) return;
      const result = await checkoutApi.createOperation({
        localId: current.localId,
        payerRequisites: payerDetailsOf(session, requisites, method?.country).map(({ name, value }) => ({
          name,
          value,
        })),
        receiptLanguage: receiptLanguage ?? screenLanguage(),
      });
      if (result.ok) {
        set({ localId: hold(result.value), refused: null });
        navigation().showStep(result.value.final ? 'completed' : 'waiting');
        return;
      }
      const { field } = result.error;
      // A refused requisite: the session is still open, and the correction goes at that field.
      if (field && session.payerRequisites.some((d) => d.name === field)) set({ refused: field });
      else navigation().showError(result.error, { name: backAfterFailure(result.error) });
    },

    confirmTraining: () => followUp((localId) => checkoutApi.confirmTraining({ localId })),

    refreshStatus: () => followUp((localId) => checkoutApi.refresh({ localId })),

    lookUp: async () => {
      const current = checkoutOperation();
      const { screen } = navigation();
      if (!current || screen.name !== 'error') return null;
      const { shopId, operationNumber } = current;
      const result = await checkoutApi.lookUp({ shopId, operationNumber });
      if (!result.ok) {
        navigation().showError(result.error, screen.back);
        return null;
      }
      if (result.value.state === 'found') set({ localId: hold(result.value.operation) });
      return result.value.state;
    },

    back: async () => {
      const { screen } = navigation();
      const { methods } = get();
      const current = checkoutOperation();
      switch (screen.name) {
        case 'method':
          return navigation().openHome();
        case 'amount':
          // With a single method the tiles were never shown, so Back skips them.
          return methods && methods.length > 1 ? navigation().showStep('method') : navigation().openHome();
        case 'payer':
          return navigation().showStep('amount');
        case 'session':
          // Leaving the session behind tells the core, so it is never taken for a payment in progress.
          // The screen has asked the agent first (see SessionStep).
          if (current && !sessionExpired(current)) await checkoutApi.abandon({ localId: current.localId });
          set({ requisites: {}, refused: null });
          return navigation().showStep('payer');
      }
    },

    cancel: async () => {
      const current = checkoutOperation();
      if (current && !sessionExpired(current)) await checkoutApi.abandon({ localId: current.localId });
      // Home first: the session step needs its operation until it is gone.
      navigation().openHome();
      ++started;
      set({ ...emptyDraft, localId: hold(null) });
    },

    startAgain: async (operation) => {
      const { screen } = navigation();
      const result = await checkoutApi.startAgain({ localId: operation.localId });
      if (!result.ok) return navigation().showError(result.error, screen);
      const view = result.value;
      ++started;
      set({
        ...emptyDraft,
        type: view.type,
        shopId: view.shopId,
        amount: view.amount,
        payerId: view.payerId,
        localId: hold(view),
      });
      navigation().showStep('session');
      // The method, for the requisites' country; the session itself already holds everything else.
      const methods = await checkoutApi.listMethods({ shopId: view.shopId, operationType: view.type });
      if (methods.ok && get().localId === view.localId) {
        set({ methods: methods.value, method: methods.value.find((m) => m.id === view.methodId) ?? null });
      }
    },
  };
});

/**
 * After an unknown outcome the way forward is a lookup, never back to Confirm. Any other refusal
 * leaves the session usable, and the core refuses a second create for a session that is not.
 */
function backAfterFailure(error: AppError): 'session' | 'home' {
  return error.kind === 'outcome_unknown' ? 'home' : 'session';
}

/** The checkout's operation, current with the core's pushes; null before a session is opened. */
export function useCheckoutOperation(): OperationView | null {
  return useOperationView(useCheckout((s) => s.localId)) ?? null;
}

/** Only called on screens reached after a session was opened. */
export function useOperation(): OperationView {
  const operation = useCheckoutOperation();
  if (!operation) throw new Error('No operation in the checkout');
  return operation;
}

type OpenSession = NonNullable<OperationView['session']>;

/** Only called on the session step, which is reached with a session open. */
export function useSession(): { operation: OperationView; session: OpenSession } {
  const operation = useOperation();
  if (!operation.session) throw new Error('No session in the checkout');
  return { operation, session: operation.session };
}

/** The amount as the wire takes it; text the field refused goes as typed, for the core to refuse. */
function wireAmount(typed: string, method: PaymentMethod | null): string {
  const check = method && checkAmount(typed, method, localeOf(i18next.language));
  return check?.ok ? check.amount : typed;
}
