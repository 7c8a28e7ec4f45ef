import { create } from 'zustand';
import type {
  OperationTypeValue,
  OperationView,
  PaymentMethod,
  Response,
  Result,
} from '../../../common/contract.ts';
import { normaliseAmount } from '../../../common/money.ts';
import { checkoutApi } from '../api.ts';

/** The payment being taken at the counter, from the first tap on Cash in/out to Done. */
type Draft = {
  type: OperationTypeValue;
  shopId: number;
  /** null while the list is loading. */
  methods: PaymentMethod[] | null;
  method: PaymentMethod | null;
  /** As typed; normalised only when sent. */
  amount: string;
  payerId: string;
  operation: OperationView | null;
  requisites: Record<string, string>;
};

type CheckoutStore = Draft & {
  start(type: OperationTypeValue, shopId: number): void;
  update(patch: Partial<Draft>): void;
  operationChanged(view: OperationView): void;
};

const empty: Draft = {
  type: 'payin',
  shopId: 0,
  methods: null,
  method: null,
  amount: '',
  payerId: '',
  operation: null,
  requisites: {},
};

export const useCheckout = create<CheckoutStore>()((set) => ({
  ...empty,
  start: (type, shopId) => set({ ...empty, type, shopId }),
  update: (patch) => set(patch),
  operationChanged: (view) => set((s) => (s.operation?.localId === view.localId ? { operation: view } : s)),
}));

/** Only called on screens reached after a session was opened. */
export function useOperation(): OperationView {
  const operation = useCheckout((s) => s.operation);
  if (!operation) throw new Error('No operation in the checkout');
  return operation;
}

/** Opens a session for the draft. The core allocates a fresh operation number every time. */
export async function requestSession(): Promise<Result<Response<'checkout.openSession'>>> {
  const { shopId, type, method, amount, payerId, update } = useCheckout.getState();
  const result = await checkoutApi.openSession({
    shopId,
    operationType: type,
    paymentMethodId: method?.id ?? '',
    amount: normaliseAmount(amount) ?? amount,
    payerId: payerId.trim(),
  });
  if (result.ok) update({ operation: result.value });
  return result;
}

type OpenSession = NonNullable<OperationView['session']>;

/** Only called on the session and review steps, which are reached with a session open. */
export function useSession(): { operation: OperationView; session: OpenSession } {
  const operation = useOperation();
  if (!operation.session) throw new Error('No session in the checkout');
  return { operation, session: operation.session };
}
