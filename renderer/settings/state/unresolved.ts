import type { AppError, HistoryRow, OperationView, Result } from '../../../common/contract.ts';
import { settingsApi } from '../api.ts';

/** An operation whose outcome the gateway has not settled: it is still followed where it was sent. */
export type Unresolved = Pick<
  OperationView,
  | 'localId'
  | 'operationNumber'
  | 'type'
  | 'amount'
  | 'currency'
  | 'phase'
  | 'status'
  | 'mismatch'
  | 'training'
  | 'gatewayUrl'
>;

/** Outcome unknown, or possibly held by the gateway without a final status (read in full to know). */
function mayBeUnresolved(row: Pick<HistoryRow, 'phase'>): boolean {
  return row.phase === 'outcome_unknown' || row.phase === 'creating' || row.phase === 'created';
}

/** The core's answer: not final, whatever the status says. */
function isUnresolved(operation: OperationView): boolean {
  return operation.phase !== 'created' || !operation.final;
}

/**
 * This desk's unresolved operations with the gateway each went to. The tray's rows do not carry the
 * gateway, so each is read in full; there are a handful at most, and only when a supervisor asks.
 */
export async function findUnresolved(): Promise<Result<Unresolved[]>> {
  const open = await settingsApi.openOperations();
  if (!open.ok) return open;
  const rows = open.value.rows.map((row) => row.operation).filter(mayBeUnresolved);
  const found = await Promise.all(rows.map(({ localId }) => settingsApi.operation({ localId })));
  const failed = found.find((result): result is { ok: false; error: AppError } => !result.ok);
  if (failed) return failed;
  return {
    ok: true,
    value: found.flatMap((result) => (result.ok ? [result.value.operation] : [])).filter(isUnresolved),
  };
}
