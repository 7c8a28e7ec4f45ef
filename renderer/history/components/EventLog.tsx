import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { statusWord } from '../../../common/cash-rules/status-word.ts';
import type { OperationEvent, OperationView } from '../../../common/contract.ts';
import { TechnicalDetails } from '../../shared/components/TechnicalDetails.tsx';
import { statusInWords } from '../../shared/describeStatus.ts';
import { isErrorKind } from '../../shared/errorKind.ts';
import { type Format, useFormat } from '../../shared/hooks/useFormat.ts';
import { humanise, requisiteLabel } from '../../shared/labels.ts';

/** What happened to the operation, a sentence each in the agent's language; the raw log for support. */
export function EventLog({ events, operation }: { events: OperationEvent[]; operation: OperationView }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  return (
    <section className="panel" aria-label={t('history.events')}>
      <h2>{t('history.events')}</h2>
      <ol className="event-list" data-testid="event-list">
        {events.map((event, index) => (
          // The log is append-only, so position is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            <time dateTime={event.at}>{format.dateTime(event.at)}</time>
            <span>{eventSentence(t, i18n.language, format, event, operation)}</span>
          </li>
        ))}
      </ol>
      <TechnicalDetails>
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
              // biome-ignore lint/suspicious/noArrayIndexKey: append-only, as above
              <tr key={index}>
                <td>{event.at}</td>
                <td>{event.kind}</td>
                <td>{event.phase ?? t('common.none')}</td>
                <td>{event.status ?? t('common.none')}</td>
                <td>{event.detail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TechnicalDetails>
    </section>
  );
}

/** Each kind the core writes (grep `kind: '` in main/) as a sentence; one it does not know, named. */
function eventSentence(
  t: TFunction,
  language: string,
  format: Format,
  event: OperationEvent,
  operation: OperationView,
): string {
  const status = statusInWords(t, statusWord(event.status), event.status, 'created');
  const amount = format.money(operation.amount, operation.currency);
  switch (event.kind) {
    case 'session_requested':
    case 'session_opened':
    case 'create_sent':
    case 'outcome_unknown':
    case 'resolved_not_created':
    case 'mismatch':
    case 'receipt_printed':
    case 'abandoned':
    case 'interrupted':
    case 'session_expired':
    case 'gateway_changed':
    case 'custody_reversed':
      return t(`event.${event.kind}`);
    case 'created':
    case 'resolved':
    case 'looked_up':
    case 'status_changed':
    case 'found_at_gateway':
      return t(`event.${event.kind}`, { status });
    case 'cash_received':
    case 'cash_handed_over':
    case 'cash_returned':
      return t(`event.${event.kind}`, { amount });
    case 'session_failed': {
      const kind = event.detail ?? '';
      const reason = isErrorKind(kind) ? t(`error.kinds.${kind}.title`) : humanise(kind);
      return t('event.session_failed', { reason });
    }
    case 'create_refused': {
      // Detail: "rejected" or "rejected: phone", the requisite the gateway named.
      const name = event.detail?.split(': ')[1];
      const requisite = operation.session?.payerRequisites.find((d) => d.name === name);
      if (!name) return t('event.create_refused');
      return t('event.create_refused_field', {
        field: requisite ? requisiteLabel(t, language, requisite) : humanise(name),
      });
    }
    default:
      return t('event.other', { kind: humanise(event.kind) });
  }
}
