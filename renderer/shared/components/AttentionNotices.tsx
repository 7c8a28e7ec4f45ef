import { useTranslation } from 'react-i18next';
import { describeStatus } from '../describeStatus.ts';
import { gatewayFigures } from '../gatewayFigures.ts';
import { useFormat } from '../hooks/useFormat.ts';
import { type Notice, useAttention } from '../state/attention.ts';
import { useNavigation } from '../state/navigation.ts';

/** On every screen: an operation of this desk needs the agent now. Stays until opened or dismissed. */
export function AttentionNotices() {
  const { t } = useTranslation();
  const notices = useAttention((s) => s.notices);
  if (notices.length === 0) return null;
  return (
    <section className="notices" aria-label={t('attention.title')}>
      {notices.map((notice) => (
        <AttentionNotice key={notice.id} notice={notice} />
      ))}
    </section>
  );
}

function AttentionNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dismiss = useAttention((s) => s.dismiss);
  const openHistoryDetail = useNavigation((s) => s.openHistoryDetail);
  const { operation, reason } = notice;
  const { amount, currency } = gatewayFigures(operation);
  const text = t(`attention.${reason}`, {
    number: operation.operationNumber,
    amount: format.money(amount, currency),
    status: describeStatus(t, operation),
  });
  const open = () => {
    dismiss(operation.localId);
    openHistoryDetail(operation.localId, useNavigation.getState().screen);
  };
  return (
    <div className={`notice notice-${reason}`} data-testid="attention-notice" data-reason={reason}>
      <span role="alert">{text}</span>
      <button type="button" onClick={open}>
        {t('attention.open')}
        <span className="visually-hidden"> {operation.operationNumber}</span>
      </button>
      <button type="button" className="button-quiet" onClick={() => dismiss(operation.localId)}>
        {t('app.dismiss')}
        <span className="visually-hidden"> {operation.operationNumber}</span>
      </button>
    </div>
  );
}
