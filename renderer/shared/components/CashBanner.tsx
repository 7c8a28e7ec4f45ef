import { useTranslation } from 'react-i18next';
import type { CashAdvice, Custody } from '../../../common/contract.ts';
import { useFormat } from '../hooks/useFormat.ts';

const SYMBOL: Record<CashAdvice, string> = { hold: '!', accept: '↓', hand_over: '↑', none: '–' };

type Props = {
  cash: CashAdvice;
  /** Once the cash has moved, the banner says when instead of advising anything. */
  custody?: Custody | null;
  /** Why no cash moves now (see cashNote), said under the advice. */
  note?: string | null;
};

/** The one thing the agent must never misread: whether cash may change hands right now. */
export function CashBanner({ cash, custody = null, note = null }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const recorded = custody && t(`custody.at.${custody.kind}`, { time: format.time(custody.at) });
  // A hold outranks the record: the advice stays first, and the record is said beneath it.
  const settled = cash === 'none' && recorded;
  const beneath = settled ? null : (recorded ?? note);
  return (
    <div className={`cash-banner cash-${cash}`} role="status" data-cash={cash} data-custody={custody?.kind}>
      <span className="cash-symbol" aria-hidden="true">
        {settled ? '✓' : SYMBOL[cash]}
      </span>
      <span className="cash-text">
        <span className="cash-label">{t('cash.label')}</span>
        <strong>{settled || t(`cash.${cash}`)}</strong>
        {beneath && <span className="cash-note">{beneath}</span>}
      </span>
    </div>
  );
}
