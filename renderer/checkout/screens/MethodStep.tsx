import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '../../../common/contract.ts';
import { localeOf } from '../../../common/enums.ts';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { countryName, instrumentLabel } from '../../shared/labels.ts';
import { useBeforeCreation } from '../hooks/useBeforeCreation.ts';
import { useCheckout } from '../state/checkout.ts';

export function MethodStep() {
  const { t } = useTranslation();
  const methods = useCheckout((s) => s.methods);
  const chooseMethod = useCheckout((s) => s.chooseMethod);
  const back = useCheckout((s) => s.back);
  const frame = useBeforeCreation();
  return (
    <ScreenFrame title={t('flow.method.title')} onBack={back} {...frame}>
      {methods === null && <p role="status">{t('flow.method.loading')}</p>}
      {methods?.length === 0 && <p className="alert alert-warning">{t('flow.method.none')}</p>}
      {methods && methods.length > 0 && (
        <ul className="method-tiles">
          {methods.map((method, index) => (
            <li key={method.id}>
              <MethodTile method={method} first={index === 0} onPick={chooseMethod} />
            </li>
          ))}
        </ul>
      )}
    </ScreenFrame>
  );
}

function MethodTile({
  method,
  first,
  onPick,
}: {
  method: PaymentMethod;
  first: boolean;
  onPick(m: PaymentMethod): void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const focus = useFocusOnMount<HTMLButtonElement>();
  return (
    <button
      ref={first ? focus : undefined}
      type="button"
      className="method-tile"
      onClick={() => onPick(method)}
    >
      <span className="method-name">{method.name}</span>
      <span className="method-meta">
        {t('flow.method.meta', {
          instrument: instrumentLabel(t, method.instrumentType),
          country: countryName(localeOf(i18n.language), method.country),
          currency: method.currency,
        })}
      </span>
      <span className="method-range">
        {t('flow.method.range', {
          min: format.money(method.minAmount, method.currency),
          max: format.money(method.maxAmount, method.currency),
        })}
      </span>
    </button>
  );
}
