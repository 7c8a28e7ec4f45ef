// The desks' audit trail and HQ's alarms (hash-chain conflicts, double handovers, disagreements
// with a desk's answer, reconciliation findings), across the network or a supervisor's branch.
import { useTranslation } from 'react-i18next';
import { callOf } from '../api.ts';
import { Loaded, useLoad, When } from '../shared.tsx';

export function DeskAuditView() {
  const { t } = useTranslation();
  const state = useLoad(callOf('deskAudit'));
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <Loaded state={state}>
        {({ events }) =>
          events.length ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('audit.at')}</th>
                  <th scope="col">{t('audit.desk')}</th>
                  <th scope="col">{t('audit.branch')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.actor')}</th>
                  <th scope="col">{t('audit.detail')}</th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={`${e.terminalId}-${e.seq}`}>
                    <td>
                      <When at={e.at} />
                    </td>
                    <td>{e.terminalId}</td>
                    <td>{e.branchName}</td>
                    <td>{e.action}</td>
                    <td>{e.actor}</td>
                    <td>
                      {Object.entries(e.detail)
                        .map(([k, v]) => `${k}: ${v}`)
                        .join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{t('audit.empty')}</p>
          )
        }
      </Loaded>
    </section>
  );
}

export function AlarmsView() {
  const { t } = useTranslation();
  const state = useLoad(callOf('alarms'));
  return (
    <section aria-labelledby="alarms-title">
      <h1 id="alarms-title">{t('alarms.title')}</h1>
      <Loaded state={state}>
        {({ alarms }) =>
          alarms.length ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('alarms.at')}</th>
                  <th scope="col">{t('alarms.desk')}</th>
                  <th scope="col">{t('alarms.seq')}</th>
                  <th scope="col">{t('alarms.kind')}</th>
                  <th scope="col">{t('alarms.operation')}</th>
                  <th scope="col">{t('alarms.stored')}</th>
                  <th scope="col">{t('alarms.received')}</th>
                </tr>
              </thead>
              <tbody>
                {alarms.map((a) => (
                  <tr key={a.id}>
                    <td>
                      <When at={a.at} />
                    </td>
                    <td>{a.terminalId}</td>
                    <td>{a.seq}</td>
                    <td className="alarm">{t(`alarms.kinds.${a.kind}`)}</td>
                    <td>{a.operationNumber ?? '—'}</td>
                    <td className="hash">{a.storedHash ?? '—'}</td>
                    <td className="hash">{a.receivedHash}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{t('alarms.empty')}</p>
          )
        }
      </Loaded>
    </section>
  );
}
