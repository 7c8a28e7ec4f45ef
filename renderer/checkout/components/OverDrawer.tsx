import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beyondDrawer } from '../../../common/cash-rules/drawer-cash.ts';
import { movesCash } from '../../../common/cash-rules/operation-answer.ts';
import type { CashLine, PaymentMethod } from '../../../common/contract.ts';
import { PinField } from '../../shared/components/PinField.tsx';
import { PinRefusal, usePinWait } from '../../shared/components/PinRefusal.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useTraining } from '../../shared/state/appState.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { checkoutApi } from '../api.ts';
import { useCheckout } from '../state/checkout.ts';

type Props = { method: PaymentMethod; amount: string };

/**
 * A cash payout larger than the cash the drawer should hold (the drawer's answer, beyondDrawer),
 * said before its session opens. A warning only, which adds nothing to an ordinary payout; in Live
 * the core asks the supervisor's PIN for it, taken here, or the agent brings cash from the safe first.
 */
export function OverDrawer({ method, amount }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const training = useTraining();
  const type = useCheckout((s) => s.type);
  const approval = useCheckout((s) => s.drawerApproval);
  const [cash, setCash] = useState<CashLine[] | null>(null);
  const cashPayout = type === 'payout' && movesCash(method.instrumentType);
  useEffect(() => {
    if (!cashPayout) return;
    void checkoutApi.drawer().then((result) => result.ok && setCash(result.value.cash));
  }, [cashPayout]);
  const over = cash && cashPayout ? beyondDrawer(cash, method.currency, amount) : null;
  if (!over) return null;
  return (
    <section className="alert alert-warning stack-tight" role="status" data-testid="over-drawer">
      <p>
        {t('overDrawer.warning', {
          amount: format.money(amount, method.currency),
          expected: format.money(over.expected, method.currency),
        })}{' '}
        {training ? t('overDrawer.training') : t('overDrawer.live')}
      </p>
      {approval && <Approval />}
    </section>
  );
}

function Approval() {
  const { t } = useTranslation();
  const approval = useCheckout((s) => s.drawerApproval);
  const approve = useCheckout((s) => s.approveOverDrawer);
  const openShift = useNavigation((s) => s.openShift);
  const { busy, run } = useInFlight();
  const [pin, setPin] = useState('');
  const refusal = approval?.refusal ?? null;
  const wait = usePinWait(refusal);
  const ids = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pin !== '') void run(() => approve(pin));
  };
  return (
    <form className="stack-tight" onSubmit={submit} aria-labelledby={`${ids}-title`} noValidate>
      <p id={`${ids}-title`} className="strong">
        {t('overDrawer.needsSupervisor')}
      </p>
      <PinField
        label={t('overDrawer.supervisorPin')}
        value={pin}
        onChange={setPin}
        autoFocus
        owner="supervisor"
        readOnly={busy}
        refusal={refusal}
        secondsLeft={wait}
      />
      <PinRefusal error={refusal} owner="supervisor" secondsLeft={wait} />
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy || pin === ''}>
          {t('overDrawer.approve')}
        </button>
        <button type="button" onClick={() => openShift('cashMovement')}>
          {t('overDrawer.fromSafe')}
        </button>
      </div>
    </form>
  );
}
