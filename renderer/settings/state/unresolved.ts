import type { OperationView, Result } from '../../../common/contract.ts';
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
  | 'meaning'
>;

/**
 * This desk's unresolved operations with the gateway each went to, in one call: the core decides
 * which are unresolved, and sends each in full.
 */
export async function findUnresolved(): Promise<Result<Unresolved[]>> {
  const result = await settingsApi.unresolved();
  return result.ok ? { ok: true, value: result.value.rows } : result;
}
