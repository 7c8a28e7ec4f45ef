import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useHeadOffice } from '../state.ts';

/** "Head office: up to date / N entries waiting / last reached at …"; nothing on a desk not enrolled. */
export function HeadOfficeLine() {
  const { t } = useTranslation();
  const format = useFormat();
  const status = useHeadOffice((s) => s.status);
  if (!status?.enrolled) return null;
  const reached = status.lastReachedAt
    ? t('headOffice.reached', { time: format.time(status.lastReachedAt) })
    : t('headOffice.neverReached');
  const state = status.alarm
    ? t(`headOffice.alarm.${status.alarm}`)
    : status.waiting === 0
      ? t('headOffice.upToDate')
      : t('headOffice.waiting', { count: status.waiting });
  return (
    <div
      className={status.alarm ? 'head-office head-office-alarm' : 'head-office'}
      role="status"
      data-testid="head-office"
    >
      {t('headOffice.label')}: {state} · {reached}
    </div>
  );
}
