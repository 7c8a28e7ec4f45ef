import { useTranslation } from 'react-i18next';
import { describeGateway } from '../../shared/describeGateway.ts';
import { describeStatus } from '../../shared/describeStatus.ts';
import { gatewayFigures } from '../../shared/gatewayFigures.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import type { Unresolved } from '../state/unresolved.ts';

/** Before a change of where new operations go: what is still out, and where each one was sent. */
export function UnresolvedList({ operations }: { operations: Unresolved[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (operations.length === 0) return null;
  return (
    <div className="unresolved stack" data-testid="unresolved">
      <h3>{t('settings.unresolved.title', { count: operations.length })}</h3>
      <p>{t('settings.unresolved.body')}</p>
      <table className="unresolved-table">
        <thead>
          <tr>
            <th scope="col">{t('settings.unresolved.number')}</th>
            <th scope="col">{t('settings.unresolved.amount')}</th>
            <th scope="col">{t('settings.unresolved.sentTo')}</th>
            <th scope="col">{t('settings.unresolved.state')}</th>
          </tr>
        </thead>
        <tbody>
          {operations.map((operation) => {
            const held = gatewayFigures(operation);
            return (
              <tr key={operation.localId}>
                <th scope="row">{operation.operationNumber}</th>
                <td>
                  {t(`type.${held.type}`)} {format.money(held.amount, held.currency)}
                </td>
                <td>{describeGateway(t, operation)}</td>
                <td>{describeStatus(t, operation)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
