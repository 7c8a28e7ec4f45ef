import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenOperation } from '../../../common/contract.ts';
import { MoneyMark } from '../../shared/components/MoneyMark.tsx';
import { gatewayFigures } from '../../shared/gatewayFigures.ts';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useNavigation } from '../../shared/state/navigation.ts';

type Props = {
  payerId: string;
  rows: OpenOperation[];
  busy: boolean;
  onAnyway(): void;
};

/**
 * The payer already has an operation open at this desk: most often the one they came back for.
 * Opening it is where focus starts; a new one is one deliberate step away.
 */
export function SamePayerNotice({ payerId, rows, busy, onAnyway }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const openHistoryDetail = useNavigation((s) => s.openHistoryDetail);
  const first = useFocusOnMount<HTMLButtonElement>();
  const titleId = useId();
  return (
    <section className="panel panel-tight same-payer" aria-labelledby={titleId} data-testid="same-payer">
      <h2 id={titleId}>{t('samePayer.title')}</h2>
      <ul className="stack-tight">
        {rows.map(({ operation }, index) => {
          const held = gatewayFigures(operation);
          return (
            <li key={operation.localId} className="same-payer-row">
              <p role="alert">
                {t('samePayer.waiting', {
                  payer: payerId,
                  amount: format.money(held.amount, held.currency),
                  type: t(`samePayer.${held.type}`),
                  number: operation.operationNumber,
                })}{' '}
                <MoneyMark meaning={operation.meaning} compact />
              </p>
              <button
                ref={index === 0 ? first : undefined}
                type="button"
                className="button-primary"
                onClick={() => openHistoryDetail(operation.localId, { name: 'payer' })}
              >
                {t('samePayer.open')}
                <span className="visually-hidden"> {operation.operationNumber}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" disabled={busy} onClick={onAnyway}>
        {t('samePayer.anyway')}
      </button>
    </section>
  );
}
