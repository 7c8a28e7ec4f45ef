// The checkout's state and the calls each step makes, as the checkout store (checkout.ts) holds
// and answers them.
import type {
  AppError,
  LookupResult,
  OpenOperation,
  OperationTypeValue,
  OperationView,
  PaymentMethod,
} from '../../../common/contract.ts';
import type { Language } from '../../../common/enums.ts';

/** The payment being taken at the counter, from the first tap on Cash in/out to Done. */
export type Draft = {
  type: OperationTypeValue;
  shopId: number;
  /** null while the list is loading. */
  methods: PaymentMethod[] | null;
  method: PaymentMethod | null;
  /** As typed; normalised only when sent. */
  amount: string;
  payerId: string;
  /** The operation this checkout works on; its view is the operations store's one copy. */
  localId: number | null;
  requisites: Record<string, string>;
  /** The requisite the gateway refused, shown at its field until it is edited. */
  refused: string | null;
  /** This payer's open operations at this desk, shown before another is started for them. */
  samePayer: OpenOperation[] | null;
  /** This payer's operations completed here in the last hour: named on the way, never in it. */
  recentForPayer: OperationView[];
  /** A Live payout over the drawer's cash was refused for the supervisor's PIN; the refusal of a PIN tried. */
  drawerApproval: { refusal: AppError | null } | null;
  /** The language the payer's receipt prints in, chosen on the confirm step; null: the screen's. */
  receiptLanguage: Language | null;
};

/** Each step calls one of these; the store makes the request and decides which screen comes next. */
export type CheckoutStore = Draft & {
  start(type: OperationTypeValue, shopId: number): void;
  chooseMethod(method: PaymentMethod): void;
  setAmount(amount: string): void;
  submitAmount(): void;
  setPayerId(payerId: string): void;
  /** Asks first whether the payer already has an open operation here; if so, the step shows it. */
  openSession(): Promise<void>;
  /** The agent has seen the payer's open operation and starts a new one anyway. */
  openSessionAnyway(): Promise<void>;
  /** The supervisor's PIN for a Live payout over the drawer's cash: the session is asked for again with it. */
  approveOverDrawer(supervisorPin: string): Promise<void>;
  restartSession(): Promise<void>;
  setRequisite(name: string, value: string): void;
  setReceiptLanguage(language: Language): void;
  /** Creates the operation from the details and figures on the one screen that shows them all. */
  confirmOperation(): Promise<void>;
  confirmTraining(): Promise<void>;
  refreshStatus(): Promise<void>;
  /** On the error screen: asks the gateway whether the operation exists after all. */
  lookUp(): Promise<LookupResult['state'] | null>;
  back(): Promise<void>;
  /** The agent gave the payment up on the session step: the session is closed and the counter is Home. */
  cancel(): Promise<void>;
  /**
   * An operation the gateway never created, started again with the same details under a new
   * number: the checkout goes on at the payer's requisites, from wherever it was shown.
   */
  startAgain(operation: OperationView): Promise<void>;
};

export const emptyDraft: Draft = {
  type: 'payin',
  shopId: 0,
  methods: null,
  method: null,
  amount: '',
  payerId: '',
  localId: null,
  requisites: {},
  refused: null,
  samePayer: null,
  recentForPayer: [],
  drawerApproval: null,
  receiptLanguage: null,
};
