// A cash payout larger than the cash the drawer should hold, caught before its session opens: paid
// out regardless, the drawer is short before anything is counted (training let a 20,000 payout go
// out of a 15,000 drawer). The drawer's answer (common/cash-rules/drawer-cash.ts) says how much it
// should hold. The payer step warns of it in both modes; in Live the session needs the supervisor's
// PIN, or cash from the safe first.
import { beyondDrawer } from '../../common/cash-rules/drawer-cash.ts';
import { movesCash } from '../../common/cash-rules/operation-answer.ts';
import type { CashLine, OperationTypeValue } from '../../common/contract.ts';
import { type Phrase, phrase } from '../../common/refusal.ts';

export type DrawerCheckDeps = {
  /** The open shift's expected cash per currency; none with no shift open. */
  drawer: () => CashLine[];
  supervisor: { approve(pin: string | undefined, what: Phrase): Promise<boolean> };
};

export type PayoutRequest = {
  operationType: OperationTypeValue;
  amount: string;
  supervisorPin?: string | undefined;
};

export async function checkPayoutAgainstDrawer(
  deps: DrawerCheckDeps,
  input: PayoutRequest,
  method: { instrumentType: string; currency: string },
  training: boolean,
): Promise<void> {
  if (input.operationType !== 'payout' || !movesCash(method.instrumentType)) return;
  const over = beyondDrawer(deps.drawer(), method.currency, input.amount);
  if (!over) return;
  // Training money is no cash: the payer step's warning is enough there.
  if (training) return;
  await deps.supervisor.approve(input.supervisorPin, phrase('action.payoutBeyondDrawer'));
}
