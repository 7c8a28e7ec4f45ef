import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { coreReason, nextStepKey } from '../errorKind.ts';
import { useRefusal } from '../hooks/useRefusal.ts';
import { useLocked } from '../state/desk.ts';

type Props = {
  error: AppError | null;
  /** Inside a region that already announces its changes, a role of its own would say it twice. */
  inLiveRegion?: boolean;
};

/** A failure shown beside the work rather than on the error screen: what went wrong, then what to do. */
export function ErrorAlert({ error, inLiveRegion = false }: Props) {
  const locked = useLocked();
  // "The desk is locked" is only true while it is: once the PIN opens the desk, it is stale.
  if (!error || (isDeskLock(error) && !locked)) return null;
  return (
    <p className="alert alert-danger" role={inLiveRegion ? undefined : 'alert'}>
      <ErrorAdvice error={error} />
    </p>
  );
}

/**
 * The alert's words alone, for a field that shows its problems in a place of its own: the core's
 * reason where it gave one, else the kind's title; then the next step.
 */
export function ErrorAdvice({ error }: { error: AppError }) {
  const { t } = useTranslation();
  const reason = coreReason(error, useRefusal());
  return (
    <>
      <strong>{reason ?? `${t(`error.kinds.${error.kind}.title`)}.`}</strong> {t(nextStepKey(error))}
    </>
  );
}

/** A call the core refused because the desk was locked when it came in. */
function isDeskLock(error: AppError): boolean {
  return error.kind === 'locked' && error.field === 'desk';
}
