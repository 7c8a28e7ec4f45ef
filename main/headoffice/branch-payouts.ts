// A payout handed over once, at any desk of its branch, never twice. The desk that captured a cash
// payout and has not handed it over may release it (its supervisor's act); from then on it refuses
// to hand it over itself (main/operations/meaning.ts). Another desk of the branch, having looked the
// operation up at the gateway (whose operation is the truth), claims it at the head office, online
// only: one claim wins under HQ's unique key, and only the winner records custody as usual.

import Big from 'big.js';
import type { OperationView } from '../../common/contract.ts';
import { ClaimResponse, PayoutState } from '../../common/journal-entry.ts';
import { phrase, type Refusal, type RefusalKey, refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import { type Clock, isoNow } from '../clock.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import { type BranchDesk, type BranchRefusal, branchRefusal } from '../operations/branch-answer.ts';
import type { Journal } from '../operations/operation-journal.ts';
import type { Supervisor } from '../staff/supervisor.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';
import { type HqClient, hqRefusal } from './hq-client.ts';
import type { HeadOfficeTables } from './tables.ts';

export const NOT_CONFIRMED = refusal('headOffice.notConfirmed');

export type BranchPayoutsDeps = {
  store: Pick<Store, 'operations' | 'durable' | 'shifts'>;
  tables: Pick<HeadOfficeTables, 'branchPayouts'>;
  /** The head office's client while the desk is enrolled (null: not enrolled, or no token). */
  client: () => HqClient | null;
  terminalId: () => string | null;
  supervisor: Pick<Supervisor, 'approve'>;
  /** Stores the operation's answer again: a release or a claim moves it without changing the record. */
  journal: Pick<Journal, 'storeAnswer'>;
  /** The desk as the answer sees it (its mode, its branch). */
  desk: () => BranchDesk;
  /** The operation's view now (its meaning included). */
  view: (localId: number) => OperationView;
  /** The operation's meaning changed: push its view. */
  announce: (localId: number) => void;
  clock: Pick<Clock, 'now'>;
};

const sameMoney = (a: string, b: string) => new Big(a).eq(new Big(b));

const REFUSALS: Record<BranchRefusal, [Refusal, 'hold' | null]> = {
  not_enrolled: [refusal('headOffice.notEnrolled'), null],
  not_live_cash_payout: [refusal('headOffice.notLiveCashPayout'), null],
  not_captured: [refusal('headOffice.notCaptured'), 'hold'],
  handed_over: [refusal('headOffice.handedOver'), null],
};

export function createBranchPayouts(deps: BranchPayoutsDeps) {
  const { store } = deps;
  const now = () => isoNow(deps.clock);

  function get(localId: number): OperationRecord {
    const record = store.operations.get(localId);
    if (!record) throw new AgentError('not_found', refusal('checkout.noSuchOperation', { localId }));
    return record;
  }

  /** Only what the answer's one rule allows (main/operations/branch-answer.ts), in plain words. */
  function checkOpenPayout(record: OperationRecord) {
    const reason = branchRefusal(record, deps.desk());
    if (!reason) return;
    const [refused, cash] = REFUSALS[reason];
    throw new AgentError('conflict', refused, { localId: record.localId, ...(cash && { cash }) });
  }

  async function release(localId: number, supervisorPin: string | undefined): Promise<void> {
    if (!deps.client()) throw new AgentError('conflict', refusal('headOffice.notEnrolled'));
    const record = get(localId);
    if (record.origin !== 'counter')
      throw new AgentError('conflict', refusal('headOffice.onlyStartingDesk'), { localId });
    checkOpenPayout(record);
    if (deps.tables.branchPayouts.released(record.operationNumber)) return;
    await deps.supervisor.approve(supervisorPin, phrase('action.releasePayout'));
    store.durable(() => {
      deps.tables.branchPayouts.release(localId, now(), 'supervisor');
      deps.journal.storeAnswer(localId);
    });
    deps.announce(localId);
  }

  /** The gateway's operation (looked up at this desk) and HQ's record of it must agree, or no cash moves. */
  function checkSame(record: OperationRecord, payout: PayoutState) {
    if (
      payout.operationNumber !== record.operationNumber ||
      payout.currency !== record.currency ||
      !sameMoney(payout.amount, record.amount)
    )
      throw new AgentError('conflict', refusal('headOffice.disagree'), {
        localId: record.localId,
        cash: 'hold',
      });
  }

  async function claim(localId: number): Promise<void> {
    const client = deps.client();
    const terminalId = deps.terminalId();
    if (!client || !terminalId) throw new AgentError('conflict', refusal('headOffice.notEnrolled'));
    const record = get(localId);
    if (deps.tables.branchPayouts.claimed(localId)) return;
    if (record.origin === 'counter')
      throw new AgentError('conflict', refusal('headOffice.ownPayout'), {
        localId,
      });
    checkOpenPayout(record);
    const operator = store.shifts.open()?.operatorName;
    if (!operator) throw new AgentError('conflict', refusal('headOffice.signIn'), { localId });
    const refuse = (refused = NOT_CONFIRMED) =>
      new AgentError('conflict', refused, { localId, cash: 'hold' });

    const state = await client.payout(record.operationNumber);
    if (state.status === 'unreachable') throw refuse();
    if (state.status !== 200) throw refuse(holdCash(state.body) ?? NOT_CONFIRMED);
    const before = PayoutState.safeParse(state.body);
    if (!before.success) throw refuse();
    checkSame(record, before.data);

    const answer = await client.claim(record.operationNumber, operator);
    if (answer.status === 'unreachable') throw refuse();
    let won: PayoutState | undefined;
    if (answer.status === 200) {
      const parsed = ClaimResponse.safeParse(answer.body);
      if (!parsed.success) throw refuse();
      won = parsed.data.payout;
    } else if (answer.status === 409 && answer.body.error === 'already_claimed') {
      // This desk's own earlier claim, whose answer was lost, stands; another desk's refuses.
      const again = await client.payout(record.operationNumber);
      const parsed = again.status === 200 ? PayoutState.safeParse(again.body) : undefined;
      if (parsed?.success && parsed.data.claim?.terminalId === terminalId) won = parsed.data;
      else throw refuse(holdCash(answer.body) ?? NOT_CONFIRMED);
    } else {
      throw refuse(holdCash(answer.body) ?? NOT_CONFIRMED);
    }
    checkSame(record, won);
    store.durable(() => {
      deps.tables.branchPayouts.claim(localId, now(), won.originTerminalId, operator);
      // Its origin desk released it as a cash payout: its cash is handed over here.
      store.operations.update(
        localId,
        { instrumentType: 'cash' },
        { kind: 'claimed_from_branch', detail: `from ${won.originTerminalId}` },
      );
      deps.journal.storeAnswer(localId);
    });
    deps.announce(localId);
  }

  const handlers: HandlerTable<'hq.release' | 'hq.claim'> = {
    'hq.release': async ({ localId, supervisorPin }) => {
      await release(localId, supervisorPin);
      return deps.view(localId);
    },
    'hq.claim': async ({ localId }) => {
      await claim(localId);
      return deps.view(localId);
    },
  };
  return { release, claim, handlers };
}

/** HQ's reasons (none with values) that say nothing of cash: the desk adds that none is handed over. */
const SILENT_ON_CASH: ReadonlySet<RefusalKey> = new Set([
  'hq.payoutNotFound',
  'hq.ownPayout',
  'hq.claimedHere',
]);

/** HQ's reason, followed by what the desk says about cash. */
function holdCash(body: Record<string, unknown>): Refusal | undefined {
  const reason = hqRefusal(body);
  if (!reason || !SILENT_ON_CASH.has(reason.key)) return reason;
  return refusal('headOffice.holdCash', { reason: { key: reason.key } });
}

export type BranchPayouts = ReturnType<typeof createBranchPayouts>;
