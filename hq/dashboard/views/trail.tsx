// The desks' audit trail, across the network or a supervisor's branch.
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
