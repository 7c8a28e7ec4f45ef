import { useTranslation } from 'react-i18next';
import type { OperationEvent } from '../../../common/contract.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';

export function EventLog({ events }: { events: OperationEvent[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className="panel" aria-label={t('history.events')}>
      <h2>{t('history.events')}</h2>
      <table className="event-log">
        <thead>
          <tr>
            <th scope="col">{t('history.eventAt')}</th>
            <th scope="col">{t('history.eventKind')}</th>
            <th scope="col">{t('field.phase')}</th>
            <th scope="col">{t('field.status')}</th>
            <th scope="col">{t('history.eventDetail')}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event, index) => (
            // The log is append-only, so position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index}>
              <td>{format.dateTime(event.at)}</td>
              <td>{event.kind}</td>
              <td>{event.phase ?? t('common.none')}</td>
              <td>{event.status ?? t('common.none')}</td>
              <td>{event.detail ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
