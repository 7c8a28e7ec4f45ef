import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenOperation } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { MoneyMark } from '../../shared/components/MoneyMark.tsx';
import { gatewayFigures } from '../../shared/gatewayFigures.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useReasonWords } from '../../shared/hooks/useReasonWords.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useOpenOperations } from '../state/openOperations.ts';

/** Enough to see what is waiting without pushing Cash in and Cash out off a 768-pixel screen. */
const FOLDED_ROWS = 4;

/** This desk's open operations, live from the core's pushes; each row one Enter from its detail. */
export function OpenTray() {
  const { t } = useTranslation();
  const rows = useOpenOperations((s) => s.rows);
  const error = useOpenOperations((s) => s.error);
  const load = useOpenOperations((s) => s.load);
  const [unfolded, setUnfolded] = useState(false);
  const titleId = useId();
  useEffect(() => void load(), [load]);
  if (error) return <ErrorAlert error={error} />;
  // Nothing open, or not yet known: Home stays as it was, with nothing to read.
  if (!rows || rows.length === 0) return null;
  const shown = unfolded ? rows : rows.slice(0, FOLDED_ROWS);
  return (
    <section className="tray" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('tray.title', { count: rows.length })}</h2>
      <ul className="tray-list">
        {shown.map((row) => (
          <li key={row.operation.localId}>
            <TrayRow row={row} />
          </li>
        ))}
      </ul>
      {rows.length > FOLDED_ROWS && (
        <button type="button" className="button-quiet" onClick={() => setUnfolded(!unfolded)}>
          {unfolded ? t('tray.showFewer') : t('tray.showAll', { count: rows.length })}
        </button>
      )}
    </section>
  );
}

function TrayRow({ row: { reason, operation } }: { row: OpenOperation }) {
  const { t } = useTranslation();
  const format = useFormat();
  const reasonWords = useReasonWords();
  const openHistoryDetail = useNavigation((s) => s.openHistoryDetail);
  const held = gatewayFigures(operation);
  return (
    <button
      type="button"
      className={`tray-row tray-${reason}`}
      data-testid="tray-row"
      data-reason={reason}
      onClick={() => openHistoryDetail(operation.localId, { name: 'home' })}
    >
      <span className="tray-number">{operation.operationNumber}</span>
      <span className={`badge badge-${held.type}`}>{t(`type.${held.type}`)}</span>
      <span className="tray-amount">{format.money(held.amount, held.currency)}</span>
      <span className="tray-reason">
        <MoneyMark meaning={operation.meaning} compact /> {reasonWords(reason, operation)}
      </span>
    </button>
  );
}
