// What an operation's event means as journal entries (main/headoffice/operation-entries.ts), for
// the rows the journal reads: a create lost to a crash (the recovery's `interrupted`) or to a lost
// reply is told to the head office as an unknown outcome, its resolution as never created or found
// after all, each gateway change with its mismatch and correction, a change of its cash with the
// desk's answer after it; and nothing for what changed nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Row } from '../../main/headoffice/desk-journal-repo.ts';
import { operationEvent } from '../../main/headoffice/operation-entries.ts';
import type { MoneyState } from '../../main/store/operations.ts';

const state = (partial: Partial<MoneyState> = {}): string =>
  JSON.stringify({
    mismatch: false,
    correction: false,
    custody: null,
    returned: false,
    final: false,
    open: null,
    ...partial,
  } satisfies MoneyState);

function row(event: Partial<Row>): Row {
  return {
    id: 1,
    at: '2026-11-28T09:00:00.000Z',
    kind: 'status_changed',
    status: null,
    operation_number: 'T1-0001',
    shop_id: 1001,
    type: 'payout',
    amount: '7000',
    currency: 'KZT',
    instrument_type: 'cash',
    training: 0,
    origin: 'counter',
    phase: 'created',
    money_state: state(),
    previous_phase: null,
    previous_state: null,
    previous_status: null,
    ...event,
  };
}

const kinds = (r: Row) => operationEvent(r).map((f) => [f.kind, f.body]);

test('a create lost to a crash is an unknown outcome at the head office, then resolved as never created', () => {
  const unknown = state({ open: 'outcome_unknown' });
  assert.deepEqual(
    kinds(
      row({
        kind: 'interrupted',
        phase: 'outcome_unknown',
        previous_phase: 'creating',
        money_state: unknown,
      }),
    ),
    [
      [
        'operation_created',
        {
          operationNumber: 'T1-0001',
          type: 'payout',
          amount: '7000',
          currency: 'KZT',
          instrument: 'cash',
          shopId: 1001,
          outcomeUnknown: true,
          answer: { final: false, open: 'outcome_unknown' },
        },
      ],
    ],
  );
  assert.deepEqual(
    kinds(
      row({
        kind: 'resolved_not_created',
        phase: 'not_created',
        previous_phase: 'outcome_unknown',
        money_state: state({ final: true }),
        previous_state: unknown,
      }),
    ),
    [
      [
        'operation_resolved',
        { operationNumber: 'T1-0001', outcome: 'not_created', answer: { final: true, open: null } },
      ],
    ],
  );
});

test('found after all: the resolution, then what the gateway holds with the answer', () => {
  assert.deepEqual(
    kinds(
      row({
        kind: 'resolved',
        status: 'captured',
        phase: 'created',
        previous_phase: 'outcome_unknown',
        money_state: state({ final: true, open: 'hand_over' }),
        previous_state: state({ open: 'outcome_unknown' }),
      }),
    ),
    [
      ['operation_resolved', { operationNumber: 'T1-0001', outcome: 'created' }],
      [
        'operation_status',
        {
          operationNumber: 'T1-0001',
          status: 'captured',
          mismatch: false,
          correction: false,
          answer: { final: true, open: 'hand_over' },
        },
      ],
    ],
  );
});

test('a mismatch with the same status is a gateway change; a change of cash carries the answer; a print nothing', () => {
  const captured = { status: 'captured', previous_status: 'captured', previous_phase: 'created' };
  const before = state({ final: true, open: 'hand_over' });
  assert.deepEqual(
    kinds(
      row({
        ...captured,
        kind: 'mismatch',
        previous_state: before,
        money_state: state({ final: true, open: 'mismatch', mismatch: true }),
      }),
    ),
    [
      [
        'operation_status',
        {
          operationNumber: 'T1-0001',
          status: 'captured',
          mismatch: true,
          correction: false,
          answer: { final: true, open: 'mismatch' },
        },
      ],
    ],
  );
  assert.deepEqual(
    kinds(
      row({
        ...captured,
        kind: 'cash_handed_over',
        previous_state: before,
        money_state: state({ final: true, custody: 'handed_over' }),
      }),
    ),
    [['operation_answer', { operationNumber: 'T1-0001', answer: { final: true, open: null } }]],
  );
  assert.deepEqual(
    kinds(row({ ...captured, kind: 'receipt_printed', previous_state: before, money_state: before })),
    [],
  );
  // Another desk's operation found here is that desk's to report.
  assert.deepEqual(kinds(row({ ...captured, origin: 'lookup', kind: 'resolved', previous_phase: null })), []);
});
