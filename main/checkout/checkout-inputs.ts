// What checkout is given: the confirm step's input, the shift an operation is attributed to, and
// the creates under way, declared apart so that the flow (checkout.ts) reads as its steps.
import type { Language } from '../../common/contract.ts';
import type { KeyedSerial } from '../keyed-serial.ts';

/** What the confirm step sends: the payer's details, and the language their receipt prints in. */
export type CreateInput = {
  localId: number;
  payerRequisites: { name: string; value: string }[];
  receiptLanguage?: Language | undefined;
};

/** The shift a new operation belongs to, and its operator (main/shift/attribution.ts). */
export type Attribute = (training: boolean) => { shiftId: number; operator: string };

/**
 * The creates under way, by local id. Made by the composition root, which hands "is one under way"
 * to the lookups, the reconciler and the shift's close, all built before or beside checkout.
 */
export type CreatesInFlight = KeyedSerial<number>;
