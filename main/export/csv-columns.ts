// The CSV export's columns: the record's facts as kept, and the desk's answer about each operation
// (main/operations/meaning.ts), which alone says what its cash means.
import type { Answer } from '../operations/meaning.ts';
import type { OperationRecord } from '../store/operations.ts';
import { localTime } from './local-time.ts';

/** One operation as the file shows it: the record, and the answer for this desk now. */
export type ExportRow = { op: OperationRecord; answer: Answer };

type Column = {
  name: string;
  value: (row: ExportRow) => string | number | boolean | null;
  text?: boolean;
};

export const COLUMNS: Column[] = [
  { name: 'local_id', value: ({ op }) => op.localId },
  // Another desk's operation, found here by lookup, is no money of this desk's: a total over the
  // file must leave those rows out, and this column says which they are.
  { name: 'origin', value: ({ op }) => (op.origin === 'counter' ? 'this desk' : 'found by lookup') },
  { name: 'operation_number', value: ({ op }) => op.operationNumber, text: true },
  { name: 'shop_id', value: ({ op }) => op.shopId },
  { name: 'type', value: ({ op }) => op.type },
  { name: 'training', value: ({ op }) => op.training },
  { name: 'terminal_id', value: ({ op }) => op.terminalId, text: true },
  { name: 'shift_id', value: ({ op }) => op.shiftId },
  { name: 'operator', value: ({ op }) => op.operator, text: true },
  { name: 'method', value: ({ op }) => op.methodName, text: true },
  { name: 'instrument_type', value: ({ op }) => op.instrumentType, text: true },
  { name: 'payer_id', value: ({ op }) => op.payerId, text: true },
  { name: 'amount', value: ({ op }) => op.amount },
  { name: 'currency', value: ({ op }) => op.currency, text: true },
  { name: 'phase', value: ({ op }) => op.phase },
  { name: 'status', value: ({ op }) => op.status, text: true },
  // The answer's reading of that word, as the screens and the reports give it: final or not.
  { name: 'status_word', value: ({ answer }) => answer.meaning.status.word },
  { name: 'status_final', value: ({ answer }) => answer.meaning.status.final },
  { name: 'created_at', value: ({ op }) => localTime(op.createdAt) },
  { name: 'gateway_registered_at', value: ({ op }) => localTime(op.registeredAt) },
  { name: 'gateway_updated_at', value: ({ op }) => localTime(op.gatewayUpdatedAt) },
  { name: 'gateway_id', value: ({ op }) => op.gatewayId, text: true },
  { name: 'settlement_amount', value: ({ op }) => op.settlementAmount },
  { name: 'settlement_currency', value: ({ op }) => op.settlementCurrency, text: true },
  // The custody standing now, as the answer reads it: cash received and then given back says so.
  { name: 'custody', value: ({ op }) => (op.returnedAt ? 'returned' : op.custodyKind) },
  { name: 'custody_at', value: ({ op }) => localTime(op.custodyAt) },
  { name: 'custody_terminal_id', value: ({ op }) => op.custodyTerminalId, text: true },
  { name: 'custody_operator', value: ({ op }) => op.custodyOperator, text: true },
  { name: 'custody_shift_id', value: ({ op }) => op.custodyShiftId },
  { name: 'returned_at', value: ({ op }) => localTime(op.returnedAt) },
  { name: 'returned_operator', value: ({ op }) => op.returnedOperator, text: true },
  // The desk's answer when the file was made (main/operations/meaning.ts): whose money, what cash
  // it advises, and why it is still open.
  { name: 'money', value: ({ answer }) => answer.meaning.money },
  { name: 'cash', value: ({ answer }) => answer.cash },
  { name: 'open_reason', value: ({ answer }) => answer.meaning.open },
  { name: 'finding', value: ({ answer }) => answer.meaning.finding },
  {
    name: 'mismatch',
    value: ({ op, answer }) =>
      op.mismatch?.map((m) => `${m.field}: entered ${m.entered}, gateway ${m.gateway}`).join('; ') ??
      (answer.meaning.open === 'mismatch' ? 'mismatch' : null),
    text: true,
  },
];
