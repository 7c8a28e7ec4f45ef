// What an operation's event and its custody records mean as entries. Each event carries what the
// cash rules read of the operation as it left it, and the desk's answer then (operation_events
// .money_state): the entries say what changed, with that answer, so the head office can hold its
// own fold of them against it. Another desk's operation looked up here is that desk's to report:
// this desk journals only the cash it moved for it (custody, a claim), never its creation or status.
import { atGateway } from '../../common/cash-rules/operation-answer.ts';
import type { Phase } from '../../common/contract.ts';
import type { DeskAnswer } from '../../common/journal-entry.ts';
import type { MoneyState } from '../store/operations.ts';
import type { Row } from './desk-journal-repo.ts';
import { type Fact, fact, text } from './fact.ts';

/** The phases in which the head office has been told of the operation: it may exist, or did not after all. */
const TOLD: ReadonlySet<string> = new Set(['outcome_unknown', 'created', 'not_created']);
/** The phases of a create whose answer was lost, or that turned out never made. */
const UNRESOLVED: ReadonlySet<string> = new Set(['outcome_unknown', 'not_created']);

const stateOf = (json: unknown): MoneyState | null =>
  json == null ? null : (JSON.parse(String(json)) as MoneyState);

export function operationEvent(row: Row): Fact[] {
  if (row.origin !== 'counter') return [];
  const operationNumber = text(row.operation_number);
  const status = row.status == null ? null : text(row.status);
  const phase = text(row.phase);
  const before = row.previous_phase == null ? null : text(row.previous_phase);
  const state = stateOf(row.money_state);
  const previous = stateOf(row.previous_state);
  // Events written before the state was kept carry no answer: the head office checks none for them.
  const answer: DeskAnswer | undefined = state ? { final: state.final, open: state.open } : undefined;
  const gateway = () =>
    fact('operation_status', row.at, {
      operationNumber,
      status: status!,
      ...(state ? { mismatch: state.mismatch, correction: state.correction } : {}),
      ...(answer ? { answer } : {}),
    });

  if (before === null || !TOLD.has(before)) {
    // The operation exists for the head office from its gateway's first answer, or from the
    // moment its create's answer was lost (a reply lost, or a crash mid-create); before that (a
    // session, a create sent) it is nothing.
    if (!TOLD.has(phase)) return [];
    const created = fact('operation_created', row.at, {
      operationNumber,
      type: row.type as 'payin' | 'payout',
      amount: text(row.amount),
      currency: text(row.currency),
      instrument: text(row.instrument_type),
      shopId: Number(row.shop_id),
      outcomeUnknown: atGateway(phase as Phase) === 'unresolved',
      ...(answer && status === null ? { answer } : {}),
    });
    return status === null ? [created] : [created, gateway()];
  }
  const facts: Fact[] = [];
  if (UNRESOLVED.has(before) && phase !== before) {
    const outcome = phase === 'not_created' ? 'not_created' : 'created';
    facts.push(
      fact('operation_resolved', row.at, {
        operationNumber,
        outcome,
        ...(answer && outcome === 'not_created' ? { answer } : {}),
      }),
    );
  }
  const gatewayChanged =
    phase === 'created' &&
    status !== null &&
    (before !== 'created' ||
      status !== (row.previous_status == null ? null : text(row.previous_status)) ||
      (state !== null &&
        (previous?.mismatch !== state.mismatch || previous?.correction !== state.correction)));
  if (gatewayChanged) facts.push(gateway());
  else if (!facts.length && state && answer && JSON.stringify(state) !== JSON.stringify(previous)) {
    // Its cash changed (custody, a return, a reversal): the answer after it.
    facts.push(fact('operation_answer', row.at, { operationNumber, answer }));
  }
  return facts;
}

export function custody(row: Row): Fact[] {
  const operationNumber = text(row.operation_number);
  const money = { operationNumber, amount: text(row.amount), currency: text(row.currency) };
  const operator = row.operator == null ? 'unknown' : text(row.operator);
  switch (row.kind) {
    case 'received':
    case 'handed_over':
      return [fact('custody', row.at, { ...money, action: row.kind, operator })];
    case 'returned':
      return [fact('cash_returned', row.at, { ...money, operator })];
    default: {
      const action = row.reversed_kind;
      if (action !== 'received' && action !== 'handed_over' && action !== 'returned') return [];
      return [
        fact('custody_reversed', row.at, {
          ...money,
          action,
          supervisor: operator,
          reason: text(row.reason),
        }),
      ];
    }
  }
}
