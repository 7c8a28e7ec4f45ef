import { useTranslation } from 'react-i18next';
import type { CashAdvice, CashReturn, Custody } from '../../../common/contract.ts';
import { useFormat } from '../hooks/useFormat.ts';

const SYMBOL: Record<CashAdvice, string> = { hold: '!', accept: '↓', hand_over: '↑', return: '↩', none: '–' };

type Props = {
  cash: CashAdvice;
  /** Once the cash has moved, the banner says when instead of advising anything. */
  custody?: Custody | null;
  /** Cash received and then given back to the payer: said the same way. */
  returned?: CashReturn | null;
  /** Why no cash moves now (the core's `meaning.note`, in words), said under the advice. */
  note?: string | null;
  /** The amount, formatted, for the advice that names it (give the cash back). */
  amount?: string;
};

/** The one thing the agent must never misread: whether cash may change hands right now. */
export function CashBanner({ cash, custody = null, returned = null, note = null, amount = '' }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const recorded = returned
    ? t('custody.at.returned', { time: format.time(returned.at) })
    : custody && t(`custody.at.${custody.kind}`, { time: format.time(custody.at) });
  // A hold outranks the record: the advice stays first, and the record is said beneath it.
  const settled = cash === 'none' && recorded;
  const beneath = settled ? null : recorded || note;
  return (
    <div
      className={`cash-banner cash-${cash}`}
      role="status"
      data-cash={cash}
      data-custody={returned ? 'returned' : custody?.kind}
    >
      <span className="cash-symbol" aria-hidden="true">
        {settled ? '✓' : SYMBOL[cash]}
      </span>
      <span className="cash-text">
        <span className="cash-label">{t('cash.label')}</span>
        <strong>{settled || t(`cash.${cash}`, { amount })}</strong>
        {beneath && <span className="cash-note">{beneath}</span>}
      </span>
    </div>
  );
}
