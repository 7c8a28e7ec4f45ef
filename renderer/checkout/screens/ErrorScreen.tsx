import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, ErrorKind, LookupResult, OperationView } from '../../../common/contract.ts';
import { useNextAction } from '../../focus/useNextAction.ts';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { TechnicalDetails } from '../../shared/components/TechnicalDetails.tsx';
import { coreReason, nextStepKey } from '../../shared/errorKind.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useRefusal } from '../../shared/hooks/useRefusal.ts';
import { humanise, requisiteLabel } from '../../shared/labels.ts';
import { noteWords } from '../../shared/noteWords.ts';
import { useTraining } from '../../shared/state/appState.ts';
import { type Screen, useNavigation } from '../../shared/state/navigation.ts';
import { StartAgainButton } from '../components/StartAgainButton.tsx';
import { useCheckout, useCheckoutOperation } from '../state/checkout.ts';

/** Kinds after which the operation may exist at the gateway: the way forward is a lookup, never a resend. */
const RESOLVE_BY_LOOKUP: ReadonlySet<ErrorKind> = new Set(['outcome_unknown', 'timeout', 'invalid_response']);
const NEEDS_SUPERVISOR: ReadonlySet<ErrorKind> = new Set(['unauthorized', 'token_missing']);
const NAMED_FIELDS = ['amount', 'paymentMethodId', 'shopId', 'payerId', 'gatewayUrl'] as const;

export function ErrorScreen({ error, back }: { error: AppError; back: Screen }) {
  const { t, i18n } = useTranslation();
  const { kind } = error;
  const flowOperation = useCheckoutOperation();
  const type = useCheckout((s) => s.type);
  // The screen follows the operation the error is about, so a lookup answer shows here at once.
  const operation = flowOperation && flowOperation.localId === error.localId ? flowOperation : null;
  const lookUp = useCheckout((s) => s.lookUp);
  const restartSession = useCheckout((s) => s.restartSession);
  const openHome = useNavigation((s) => s.openHome);
  const openSettings = useNavigation((s) => s.openSettings);
  const returnTo = useNavigation((s) => s.returnTo);
  const { busy, run } = useInFlight();
  const [lookup, setLookup] = useState<LookupResult['state'] | null>(null);
  const primary = useNextAction<HTMLButtonElement>();
  // The training gateway's token is its own: a refusal there is no supervisor's to mend.
  const trainingRefusal = useTraining() && NEEDS_SUPERVISOR.has(kind);
  const words = trainingRefusal ? 'error.trainingRefused' : (`error.kinds.${kind}` as const);

  const lookUpNow = async () => {
    const state = await run(lookUp);
    if (state) setLookup(state);
  };
  // Once resolved as never created, the outcome is known: the unknown outcome's words no longer apply.
  const notCreated = operation?.phase === 'not_created' || lookup === 'not_found';
  const field = error.field ? fieldLabel(t, i18n.language, error.field, operation) : '';
  const say = useRefusal();
  const reason = coreReason(error, say);

  return (
    <ScreenFrame
      title={notCreated ? t('notCreated.title') : t(`${words}.title`)}
      onBack={() => returnTo(back)}
      type={operation?.type ?? type}
      cash={notCreated ? 'none' : (operation?.cash ?? error.cash)}
      cashNote={notCreated ? t('notCreated.title') : operation && noteWords(t, operation)}
      meaning={operation?.meaning}
    >
      <div className="error-body" data-error-kind={kind}>
        {notCreated ? (
          <section className="panel panel-tight" data-testid="not-created">
            <p className="lead">{t('notCreated.body')}</p>
          </section>
        ) : (
          <section className="panel panel-tight">
            <h2>{t('error.whatHappened')}</h2>
            <p className="lead">{reason ?? t(`${words}.what`, { field })}</p>
            <h2 className="panel-second">{t('error.nextStep')}</h2>
            <p className="lead">{trainingRefusal ? t(`${words}.next`) : t(nextStepKey(error))}</p>
          </section>
        )}
        {lookup === 'queued' && (
          <p className="alert alert-info" role="status">
            {t('error.lookupQueued')}
          </p>
        )}
      </div>
      <div className="actions">
        {RESOLVE_BY_LOOKUP.has(kind) && operation && !notCreated && (
          <button
            ref={primary}
            type="button"
            className="button-primary button-large"
            disabled={busy}
            onClick={lookUpNow}
          >
            {busy ? t('common.working') : t('error.lookUp')}
          </button>
        )}
        {operation?.meaning.startAgain && <StartAgainButton operation={operation} />}
        {kind === 'session_expired' && (
          <button
            ref={primary}
            type="button"
            className="button-primary button-large"
            disabled={busy}
            onClick={() => run(restartSession)}
          >
            {t('error.startAgain')}
          </button>
        )}
        {NEEDS_SUPERVISOR.has(kind) && !trainingRefusal && (
          <button ref={primary} type="button" className="button-primary" onClick={openSettings}>
            {t('error.openSettings')}
          </button>
        )}
        <button type="button" onClick={openHome}>
          {t('common.home')}
        </button>
      </div>
      {/* Which operation, and for how much: what the agent tells the payer and a supervisor looks up. */}
      {operation && <OperationSummary operation={operation} withStatus={operation.phase === 'created'} />}
      <TechnicalDetails>
        <p>{t('error.detail', { message: say(error) })}</p>
      </TechnicalDetails>
    </ScreenFrame>
  );
}

/** The field at fault in the agent's words: a requisite by its label, the desk's own by name. */
function fieldLabel(t: TFunction, language: string, field: string, operation: OperationView | null): string {
  const requisite = operation?.session?.payerRequisites.find((d) => d.name === field);
  if (requisite) return requisiteLabel(t, language, requisite);
  const named = NAMED_FIELDS.find((name) => name === field);
  return named ? t(`error.fields.${named}`) : humanise(field);
}
