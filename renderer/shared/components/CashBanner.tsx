import { useTranslation } from 'react-i18next';
import type { CashAdvice } from '../../../common/contract.ts';

const SYMBOL: Record<CashAdvice, string> = { hold: '!', accept: '↓', hand_over: '↑', none: '–' };

/** The one thing the agent must never misread: whether cash may change hands right now. */
export function CashBanner({ cash }: { cash: CashAdvice }) {
  const { t } = useTranslation();
  return (
    <div className={`cash-banner cash-${cash}`} role="status" data-cash={cash}>
      <span className="cash-symbol" aria-hidden="true">
        {SYMBOL[cash]}
      </span>
      <span className="cash-text">
        <span className="cash-label">{t('cash.label')}</span>
        <strong>{t(`cash.${cash}`)}</strong>
      </span>
    </div>
  );
}
