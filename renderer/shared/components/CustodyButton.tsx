import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, CustodyKind, OperationView } from '../../../common/contract.ts';
import { operationApi } from '../api.ts';
import { useFormat } from '../hooks/useFormat.ts';
import { useInFlight } from '../hooks/useInFlight.ts';
import { ErrorAlert } from './ErrorAlert.tsx';

/**
 * The cash the agent may record as moved now, or null. Mirrors the core's rule (checkout.recordCash),
 * which refuses anything else: only this desk's operations, never with a mismatch, and only once.
 */
export function custodyDue(operation: OperationView): CustodyKind | null {
  if (!operation.ownDesk || operation.mismatch || operation.custody) return null;
  if (operation.cash === 'accept') return 'received';
  if (operation.cash === 'hand_over') return 'handed_over';
  return null;
}

type Props = {
  operation: OperationView;
  /** The core's answer, so the screen shows the record without waiting for its push. */
  onRecorded(view: OperationView): void;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * One deliberate action: the agent says the cash has moved, with the amount the gateway holds.
 * Screens put it first, under the cash banner whose advice it answers.
 */
export function CustodyButton({ operation, onRecorded, ref }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const kind = custodyDue(operation);
  if (!kind) return null;
  const record = async () => {
    const result = await run(() => operationApi.recordCash({ localId: operation.localId }));
    if (!result) return;
    setError(result.ok ? null : result.error);
    if (result.ok) onRecorded(result.value);
  };
  return (
    <div className="custody-action">
      <button
        ref={ref}
        type="button"
        className="button-primary button-large button-cash"
        data-testid="record-cash"
        disabled={busy}
        onClick={record}
      >
        {t(`custody.record.${kind}`, { amount: format.money(operation.amount, operation.currency) })}
      </button>
      <ErrorAlert error={error} />
    </div>
  );
}
