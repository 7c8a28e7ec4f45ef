import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { CopyButton } from '../components/CopyButton.tsx';
import { Countdown } from '../components/Countdown.tsx';
import { PayerRequisitesForm } from '../components/PayerRequisitesForm.tsx';
import { SessionExpired } from '../components/SessionExpired.tsx';
import { useSecondsLeft } from '../hooks/useSecondsLeft.ts';
import { useCheckout, useSession } from '../state/checkout.ts';

export function SessionStep() {
  const { t } = useTranslation();
  const { operation, session } = useSession();
  const back = useCheckout((s) => s.back);
  const { busy, run } = useInFlight();
  const ids = useId();
  const secondsLeft = useSecondsLeft(session.expiredAt);
  const expired = secondsLeft === 0 || operation.phase === 'expired';
  const cancel = () => run(back);
  return (
    <ScreenFrame
      title={t('flow.session.title')}
      onBack={cancel}
      cash={operation.cash}
      aside={!expired && <Countdown secondsLeft={secondsLeft} />}
    >
      {session.paymentMethodRequisites.length > 0 && (
        <section className="panel" aria-labelledby={`${ids}-method`}>
          <h2 id={`${ids}-method`}>{t('flow.session.methodRequisites')}</h2>
          <dl className="requisites">
            {session.paymentMethodRequisites.map((requisite) => (
              <div key={requisite.name} className="requisite">
                <dt>{requisite.name}</dt>
                <dd>
                  <span className="requisite-value">{requisite.value}</span>
                  <CopyButton label={requisite.name} value={requisite.value} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {expired ? (
        <SessionExpired />
      ) : (
        // Keyed by operation, so a fresh session after expiry starts with focus in its first field.
        <PayerRequisitesForm key={operation.localId} busy={busy} onCancel={cancel} />
      )}
    </ScreenFrame>
  );
}
