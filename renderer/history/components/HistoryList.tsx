import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '../../../common/contract.ts';
import { MoneyMark } from '../../shared/components/MoneyMark.tsx';
import { describeStatus } from '../../shared/describeStatus.ts';
import { gatewayFigures } from '../../shared/gatewayFigures.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useReasonWords } from '../../shared/hooks/useReasonWords.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { typeWords } from '../../shared/typeWords.ts';

const ROW_HEIGHT = 84;
/** Ask for the next page this many rows before the end, so scrolling never hits a wall. */
const PREFETCH_ROWS = 15;

type Props = {
  rows: HistoryRow[];
  loading: boolean;
  hasMore: boolean;
  /** The rows are other desks' operations, found by lookup. */
  otherDesk?: boolean;
  onNearEnd(): void;
};

/** Only the rows in view are in the DOM, so a shift's worth or a year's worth scrolls the same. */
export function HistoryList({ rows, loading, hasMore, otherDesk = false, onNearEnd }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const reasonWords = useReasonWords();
  const openHistoryDetail = useNavigation((s) => s.openHistoryDetail);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && lastIndex >= rows.length - PREFETCH_ROWS) onNearEnd();
  }, [hasMore, lastIndex, rows.length, onNearEnd]);
  return (
    <div className="history-results">
      <p className="hint" role="status">
        {loading ? t('history.loading') : rows.length === 0 ? t('history.empty') : null}
      </p>
      <div ref={scroller} className="history-scroll">
        <ul
          className="history-list"
          aria-label={t('history.results')}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const row = rows[item.index]!;
            const held = gatewayFigures(row);
            return (
              <li
                key={row.localId}
                className="history-item"
                style={{ transform: `translateY(${item.start}px)` }}
                aria-setsize={hasMore ? -1 : rows.length}
                aria-posinset={item.index + 1}
              >
                <button
                  type="button"
                  className="history-row"
                  data-testid="history-row"
                  onClick={() => openHistoryDetail(row.localId, { name: 'history' })}
                >
                  <span className="history-number">{row.operationNumber}</span>
                  <span className={`badge badge-${held.type}`}>
                    {typeWords(t, held.type, row.meaning.receipt.wording)}
                  </span>
                  <span className="history-amount">{format.money(held.amount, held.currency)}</span>
                  <span className="history-time">{format.dateTime(row.createdAt)}</span>
                  <span className="history-payer">
                    {t('field.payerId')}: {row.payerId}
                  </span>
                  <span className="history-status">
                    <MoneyMark meaning={row.meaning} compact />
                    {otherDesk && <span className="badge badge-other-desk">{t('history.otherDesk')}</span>}
                    {row.mismatch && <span className="badge badge-mismatch">{t('mismatch.badge')}</span>}
                    {/* Cash received and then given back reads as given back, never "Received". */}
                    {row.custody && (
                      <span className="badge badge-custody" data-testid="history-custody">
                        {row.returned
                          ? t('custody.badge.returned', { time: format.time(row.returned.at) })
                          : t(`custody.badge.${row.custody.kind}`, { time: format.time(row.custody.at) })}
                      </span>
                    )}
                    {describeStatus(t, row)}
                    {/* "Completed" alone hides a payout still to hand over: the open reason says it. */}
                    {row.meaning.open && (
                      <span className="history-open" data-testid="history-open">
                        {' · '}
                        {reasonWords(row.meaning.open, row)}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
