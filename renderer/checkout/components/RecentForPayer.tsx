import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperationView } from '../../../common/contract.ts';
import { localeOf } from '../../../common/enums.ts';
import { gatewayFigures } from '../../shared/gatewayFigures.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';

/** When it was done: the cash's record where cash moved, else the gateway's last word on it. */
function doneAt(operation: OperationView): string {
  return operation.custody?.at ?? operation.gatewayUpdatedAt ?? operation.updatedAt;
}

/**
 * The payer was served here within the hour: the same payer and amount a few minutes apart is most
 * often a mistake, so the agent reads it on the way. A status, never a question: nothing waits on it.
 */
export function RecentForPayer({ rows }: { rows: readonly OperationView[] }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  if (rows.length === 0) return null;
  const ago = new Intl.RelativeTimeFormat(localeOf(i18n.language), { numeric: 'auto' });
  return (
    <section
      className="panel panel-tight same-payer"
      aria-labelledby={titleId}
      role="status"
      data-testid="recent-for-payer"
    >
      <h2 id={titleId}>{t('samePayer.recentTitle')}</h2>
      <ul className="stack-tight">
        {rows.map((operation) => {
          const held = gatewayFigures(operation);
          const minutes = Math.max(0, Math.round((Date.now() - Date.parse(doneAt(operation))) / 60_000));
          return (
            <li key={operation.localId}>
              {t(`samePayer.recent.${held.type}`, {
                amount: format.money(held.amount, held.currency),
                ago: ago.format(-minutes, 'minute'),
                number: operation.operationNumber,
              })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
