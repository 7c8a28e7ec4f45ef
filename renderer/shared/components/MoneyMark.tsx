import { useTranslation } from 'react-i18next';
import type { Meaning } from '../../../common/contract.ts';

/**
 * Whose money an operation is, wherever it appears: training money always says so, and a live
 * operation says so while the desk is in training. The core decides both (`meaning.money`,
 * `meaning.otherMode`); this only shows them.
 */
export function MoneyMark({ meaning, compact = false }: { meaning: Meaning; compact?: boolean }) {
  const { t } = useTranslation();
  const mark = meaning.money === 'training' ? 'training' : meaning.otherMode ? 'live' : null;
  if (!mark) return null;
  return (
    <span
      className={`money-mark money-mark-${mark}${compact ? ' money-mark-compact' : ''}`}
      data-testid="money-mark"
      data-money={mark}
    >
      {t(`mark.${mark}`)}
    </span>
  );
}
