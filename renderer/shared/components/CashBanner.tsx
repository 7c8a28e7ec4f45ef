import { useTranslation } from 'react-i18next';
import type { CashAdvice, Custody } from '../../../common/contract.ts';
import { useFormat } from '../hooks/useFormat.ts';

const SYMBOL: Record<CashAdvice, string> = { hold: '!', accept: '↓', hand_over: '↑', none: '–' };

type Props = {
  cash: CashAdvice;
  /** Once the cash has moved, the banner says when instead of "no cash changes hands". */
  custody?: Custody | null;
};

/** The one thing the agent must never misread: whether cash may change hands right now. */
export function CashBanner({ cash, custody = null }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const recorded = custody && t(`custody.at.${custody.kind}`, { time: format.time(custody.at) });
  // A hold outranks the record: the advice stays first, and the record is said beneath it.
  const settled = cash === 'none' && recorded;
  return (
    <div className={`cash-banner cash-${cash}`} role="status" data-cash={cash} data-custody={custody?.kind}>
      <span className="cash-symbol" aria-hidden="true">
        {settled ? '✓' : SYMBOL[cash]}
      </span>
      <span className="cash-text">
        <span className="cash-label">{t('cash.label')}</span>
        <strong>{settled || t(`cash.${cash}`)}</strong>
        {recorded && !settled && <span>{recorded}</span>}
      </span>
    </div>
  );
}
