import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, OperationView, Response } from '../../../common/contract.ts';
import { StartAgainButton } from '../../checkout/components/StartAgainButton.tsx';
import { ClaimPayout } from '../../headoffice/components/ClaimPayout.tsx';
import { ReleasePayout } from '../../headoffice/components/ReleasePayout.tsx';
import { useOperations } from '../../operations/store.ts';
import { useShownOperation } from '../../operations/useShownOperation.ts';
import { ReceiptButton } from '../../receipts/components/ReceiptButton.tsx';
import { deskApi } from '../../shared/api.ts';
import { CustodyButton } from '../../shared/components/CustodyButton.tsx';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { OperationAlerts } from '../../shared/components/OperationAlerts.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useShowsOperation } from '../../shared/hooks/useShowsOperation.ts';
import { type Screen, useNavigation } from '../../shared/state/navigation.ts';
import { historyApi } from '../api.ts';
import { CustodyRecords } from '../components/CustodyRecords.tsx';
import { EventLog } from '../components/EventLog.tsx';
import { OperationFields } from '../components/OperationFields.tsx';
import { ReverseCustody } from '../components/ReverseCustody.tsx';

type Detail = Response<'history.get'>;

export function HistoryDetail({ localId, back }: { localId: number; back: Screen }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [refreshed, setRefreshed] = useState(false);
  const { busy, run } = useInFlight();
  const returnTo = useNavigation((s) => s.returnTo);
  const refreshButton = useRef<HTMLButtonElement>(null);
  useShowsOperation(localId);
  const load = useCallback(async () => {
    const result = await historyApi.get({ localId });
    if (result.ok) setDetail(result.value);
    else setError(result.error);
  }, [localId]);
  useEffect(() => {
    void load();
    // What may be recorded depends on the desk too: a shift opened or closed changes the answer.
    return deskApi.onDeskChanged(() => void load());
  }, [load]);
  // The operation as the store holds it: pushed by the core while this screen shows it, and followed
  // by main when it is another desk's.
  const operation = useShownOperation(detail?.operation);
  const shownAt = operation?.updatedAt;
  const readAt = detail?.operation.updatedAt;
  useEffect(() => {
    // A push moved it on: the event log and the records grow along with the status.
    if (shownAt !== undefined && readAt !== undefined && shownAt > readAt) void load();
  }, [shownAt, readAt, load]);
  const refresh = async () => {
    const result = await run(() => historyApi.refresh({ localId }));
    if (!result) return;
    setRefreshed(result.ok);
    setError(result.ok ? null : result.error);
    await load();
  };
  const recorded = (view: OperationView) => {
    // The store moves on, and the full read (the records list) follows from it (see above).
    useOperations.getState().put(view);
    refreshButton.current?.focus();
  };
  return (
    <ScreenFrame
      title={t('history.detailTitle', { number: operation?.operationNumber ?? '' })}
      onBack={() => returnTo(back)}
      operation={operation}
    >
      {operation && <ClaimPayout operation={operation} onClaimed={recorded} />}
      {operation && <CustodyButton operation={operation} onRecorded={recorded} />}
      {operation && <OperationAlerts operation={operation} />}
      {operation?.meaning.startAgain && (
        <section className="panel panel-tight stack-tight" data-testid="not-created">
          <p className="lead strong">{t('notCreated.title')}</p>
          <p>{t('notCreated.body')}</p>
          <div className="actions">
            <StartAgainButton operation={operation} />
          </div>
        </section>
      )}
      <ErrorAlert error={error} />
      {refreshed && (
        <p className="alert alert-info" role="status">
          {t('history.refreshed')}
        </p>
      )}
      <div className="actions">
        <button
          ref={refreshButton}
          type="button"
          className={
            operation?.meaning.custody.action || operation?.meaning.startAgain ? undefined : 'button-primary'
          }
          disabled={busy || !operation}
          onClick={refresh}
        >
          {busy ? t('common.working') : t('history.refresh')}
        </button>
        {operation && <ReceiptButton operation={operation} />}
      </div>
      {detail && operation && (
        <>
          <CustodyRecords records={detail.custody} />
          <ReleasePayout operation={operation} onReleased={recorded} />
          {operation.meaning.reversible && <ReverseCustody operation={operation} onReversed={recorded} />}
          <OperationFields operation={operation} />
          <EventLog events={detail.events} operation={operation} />
        </>
      )}
    </ScreenFrame>
  );
}
