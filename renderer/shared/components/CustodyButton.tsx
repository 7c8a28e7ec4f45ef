import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, CustodyAction, OperationView } from '../../../common/contract.ts';
import { useNextAction } from '../../focus/useNextAction.ts';
import { operationApi } from '../api.ts';
import { gatewayFigures } from '../gatewayFigures.ts';
import { useFormat } from '../hooks/useFormat.ts';
import { useInFlight } from '../hooks/useInFlight.ts';
import { useTraining } from '../state/appState.ts';
import { ErrorAlert } from './ErrorAlert.tsx';
import { StartTrainingButton } from './StartTrainingButton.tsx';

/**
 * A press this soon after the button appears is not taken: it is the Enter that confirmed the
 * step before, pressed twice, or a key still held. Recording cash is always a deliberate act. The
 * button has focus from the start, and says it is not ready yet (aria-disabled, "Ready in a
 * moment"), so an Enter that did nothing is explained, and the next one, once armed, records.
 */
export const CUSTODY_ARM_MS = 1000;

type Props = {
  operation: OperationView;
  /** The core's answer, so the screen shows the record without waiting for its push. */
  onRecorded(view: OperationView): void;
};

/**
 * The custody the core says this desk may record now (`meaning.custody.action`), as one deliberate
 * action with the amount and the direction; or, when the core refuses it, the plain reason why.
 */
export function CustodyButton({ operation, onRecorded }: Props) {
  const { action, refused } = operation.meaning.custody;
  if (action) {
    // Keyed by the action, so a new one (the payout now captured) waits its own second.
    return <ArmedButton key={action} action={action} operation={operation} onRecorded={onRecorded} />;
  }
  return refused ? <Refusal operation={operation} /> : null;
}

function ArmedButton({ action, operation, onRecorded }: Props & { action: CustodyAction }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const shownAt = useRef(performance.now());
  const [armed, setArmed] = useState(false);
  const button = useNextAction<HTMLButtonElement>();
  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), CUSTODY_ARM_MS);
    return () => clearTimeout(timer);
  }, []);
  const record = async () => {
    if (performance.now() - shownAt.current < CUSTODY_ARM_MS) return;
    const result = await run(() => operationApi.recordCash({ localId: operation.localId, action }));
    if (!result) return;
    setError(result.ok ? null : result.error);
    if (result.ok) onRecorded(result.value);
  };
  // A held key repeats its keydown; only the first press is the agent's.
  const ignoreRepeat = (event: KeyboardEvent) => {
    if (event.repeat) event.preventDefault();
  };
  const held = gatewayFigures(operation);
  return (
    <div className="custody-action">
      <button
        ref={button}
        type="button"
        className="button-primary button-large button-cash"
        data-testid="record-cash"
        data-action={action}
        data-armed={armed}
        aria-disabled={!armed}
        disabled={busy}
        onKeyDown={ignoreRepeat}
        onClick={record}
      >
        {t(`custody.record.${action}`, { amount: format.money(held.amount, held.currency) })}
        {!armed && <span className="custody-arming">{t('custody.arming')}</span>}
      </button>
      <ErrorAlert error={error} />
    </div>
  );
}

function Refusal({ operation }: { operation: OperationView }) {
  const { t } = useTranslation();
  const training = useTraining();
  const { refused } = operation.meaning.custody;
  if (!refused) return null;
  const words =
    refused === 'other_mode'
      ? t(
          operation.meaning.money === 'training'
            ? 'custody.refused.other_mode_training'
            : 'custody.refused.other_mode_live',
        )
      : refused === 'no_shift' && training
        ? t('custody.refused.no_shift_training')
        : t(`custody.refused.${refused}`);
  return (
    <div
      className="custody-refused alert alert-warning stack-tight"
      role="status"
      data-testid="custody-refused"
      data-refused={refused}
    >
      <p>{words}</p>
      {refused === 'no_shift' && training && <StartTrainingButton />}
    </div>
  );
}
