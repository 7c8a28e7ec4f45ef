import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPanel } from '../../shared/components/ConfirmPanel.tsx';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { requisiteLabel } from '../../shared/labels.ts';
import { noteWords } from '../../shared/noteWords.ts';
import { CopyButton } from '../components/CopyButton.tsx';
import { Countdown } from '../components/Countdown.tsx';
import { PayerRequisitesForm } from '../components/PayerRequisitesForm.tsx';
import { RecentForPayer } from '../components/RecentForPayer.tsx';
import { SessionExpired } from '../components/SessionExpired.tsx';
import { useSecondsLeft } from '../hooks/useSecondsLeft.ts';
import { useCheckout, useSession } from '../state/checkout.ts';

/**
 * The payer's details and the figures on one screen: the agent sees amount, shop, method and payer
 * while typing the details, and Confirm (or Enter) creates the operation. Leaving asks first, since
 * it gives up the session and what was typed.
 */
export function SessionStep() {
  const { t, i18n } = useTranslation();
  const { operation, session } = useSession();
  const back = useCheckout((s) => s.back);
  const cancel = useCheckout((s) => s.cancel);
  const recent = useCheckout((s) => s.recentForPayer);
  const { busy, run } = useInFlight();
  const [asking, setAsking] = useState(false);
  const ids = useId();
  const secondsLeft = useSecondsLeft(operation);
  const expired = secondsLeft === 0;
  // Past expiry there is nothing to give up, so Back goes at once.
  const leave = () => (expired ? void run(back) : setAsking(true));
  return (
    <ScreenFrame
      title={t('flow.session.title')}
      onBack={busy ? undefined : leave}
      type={operation.type}
      cash={operation.cash}
      cashNote={noteWords(t, operation)}
      meaning={operation.meaning}
    >
      <div className="details-layout">
        <div className="details-figures">
          <OperationSummary operation={operation} withStatus={false} details={[]} />
          <RecentForPayer rows={recent} />
          {session.paymentMethodRequisites.length > 0 && (
            <section className="panel panel-tight" aria-labelledby={`${ids}-method`}>
              <h2 id={`${ids}-method`}>{t('flow.session.methodRequisites')}</h2>
              <dl className="requisites">
                {session.paymentMethodRequisites.map((requisite) => {
                  const label = requisiteLabel(t, i18n.language, requisite);
                  return (
                    <div key={requisite.name} className="requisite">
                      <dt>{label}</dt>
                      <dd>
                        <span className="requisite-value">{requisite.value}</span>
                        <CopyButton label={label} value={requisite.value} />
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </section>
          )}
        </div>
        {expired ? (
          <SessionExpired />
        ) : asking ? (
          <ConfirmPanel
            title={t('flow.session.cancelTitle')}
            body={t('flow.session.cancelBody')}
            confirmLabel={t('flow.session.cancelConfirm')}
            cancelLabel={t('flow.session.keep')}
            focus="cancel"
            busy={busy}
            onConfirm={() => run(cancel)}
            onCancel={() => setAsking(false)}
          />
        ) : (
          // Keyed by operation, so a fresh session after expiry starts with focus in its first field.
          // The countdown sits where the agent types, beside the details it is counting down for.
          <PayerRequisitesForm
            key={operation.localId}
            onCancel={leave}
            countdown={<Countdown secondsLeft={secondsLeft} />}
          />
        )}
      </div>
    </ScreenFrame>
  );
}
