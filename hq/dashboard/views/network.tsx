// Network → branch → desk, all from the projections HQ keeps as entries arrive.
import { useTranslation } from 'react-i18next';
import { callOf } from '../api.ts';
import { money, time } from '../format.ts';
import { Age, Amounts, LIVE_REFRESH_MS, Loaded, useLoad, Variances, When } from '../shared.tsx';
import { ZReportView } from './z-reports.tsx';

export function NetworkView() {
  const { t } = useTranslation();
  const state = useLoad(callOf('network'), LIVE_REFRESH_MS);
  return (
    <section aria-labelledby="network-title">
      <h1 id="network-title">{t('network.title')}</h1>
      <Loaded state={state}>
        {({ branches }) =>
          branches.length ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('network.branch')}</th>
                  <th scope="col">{t('network.desks')}</th>
                  <th scope="col">{t('network.openShifts')}</th>
                  <th scope="col">{t('network.expected')}</th>
                  <th scope="col">{t('network.openCash')}</th>
                  <th scope="col">{t('network.unknownOps')}</th>
                  <th scope="col">{t('network.alarms')}</th>
                  <th scope="col">{t('network.oldest')}</th>
                </tr>
              </thead>
              <tbody>
                {branches.map((b) => (
                  <tr key={b.id}>
                    <th scope="row">
                      <a href={`#/branch/${b.id}`}>{b.name}</a>
                    </th>
                    <td>{b.desks}</td>
                    <td>{b.openShifts}</td>
                    <td>
                      <Amounts amounts={b.expected} />
                    </td>
                    <td>{b.openCash}</td>
                    <td>{b.unknownOps}</td>
                    <td className={b.alarms ? 'alarm' : undefined}>{b.alarms}</td>
                    <td>
                      <Age at={b.oldestLastEntryAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{t('network.empty')}</p>
          )
        }
      </Loaded>
    </section>
  );
}

export function BranchView({ id }: { id: string }) {
  const { t } = useTranslation();
  const state = useLoad(callOf('branch', { params: { id } }), LIVE_REFRESH_MS);
  return (
    <Loaded state={state}>
      {({ branch, desks }) => (
        <section aria-labelledby="branch-title">
          <p>
            <a href="#/">{t('common.back', { name: t('network.title') })}</a>
          </p>
          <h1 id="branch-title">{t('branch.title', { name: branch.name })}</h1>
          {desks.length ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('branch.desk')}</th>
                  <th scope="col">{t('branch.shift')}</th>
                  <th scope="col">{t('branch.operator')}</th>
                  <th scope="col">{t('branch.expected')}</th>
                  <th scope="col">{t('branch.lastZ')}</th>
                  <th scope="col">{t('branch.variance')}</th>
                  <th scope="col">{t('branch.openCash')}</th>
                  <th scope="col">{t('branch.unknownOps')}</th>
                  <th scope="col">{t('branch.lastEntry')}</th>
                </tr>
              </thead>
              <tbody>
                {desks.map((d) => (
                  <tr key={d.terminalId}>
                    <th scope="row">
                      <a href={`#/desk/${encodeURIComponent(d.terminalId)}`}>{d.terminalId}</a>
                    </th>
                    <td>{d.shiftId ?? t('branch.noShift')}</td>
                    <td>{d.operator ?? '—'}</td>
                    <td>
                      <Amounts amounts={d.expected} />
                    </td>
                    <td>
                      <When at={d.lastZAt} />
                    </td>
                    <td>
                      <Variances lines={d.lastZVariance} />
                    </td>
                    <td>{d.openCash}</td>
                    <td>{d.unknownOps}</td>
                    <td>
                      <Age at={d.lastEntryAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{t('branch.empty')}</p>
          )}
        </section>
      )}
    </Loaded>
  );
}

export function DeskView({ terminal }: { terminal: string }) {
  const { t, i18n } = useTranslation();
  const state = useLoad(callOf('desk', { params: { terminalId: terminal } }), LIVE_REFRESH_MS);
  return (
    <Loaded state={state}>
      {({ desk, open, zReports }) => (
        <section aria-labelledby="desk-title">
          <p>
            <a href={`#/branch/${desk.branchId}`}>{t('common.back', { name: desk.branchName })}</a>
          </p>
          <h1 id="desk-title">{t('desk.title', { terminal: desk.terminalId })}</h1>
          <dl className="facts">
            <dt>{t('desk.branch')}</dt>
            <dd>{desk.branchName}</dd>
            <dt>{t('desk.shift')}</dt>
            <dd>{desk.shiftId ?? t('branch.noShift')}</dd>
            <dt>{t('desk.operator')}</dt>
            <dd>{desk.operator ?? '—'}</dd>
            <dt>{t('desk.opened')}</dt>
            <dd>{desk.shiftOpenedAt ? <When at={desk.shiftOpenedAt} /> : '—'}</dd>
            <dt>{t('desk.expected')}</dt>
            <dd>
              <Amounts amounts={desk.expected} />
            </dd>
            <dt>{t('desk.lastZ')}</dt>
            <dd>
              {desk.lastZNumber
                ? t('desk.lastZValue', {
                    number: desk.lastZNumber,
                    at: desk.lastZAt ? time(i18n.language, desk.lastZAt) : '',
                  })
                : t('common.none')}
            </dd>
            <dt>{t('desk.variance')}</dt>
            <dd>
              <Variances lines={desk.lastZVariance} />
            </dd>
            <dt>{t('desk.openCash')}</dt>
            <dd>{desk.openCash}</dd>
            <dt>{t('desk.unknownOps')}</dt>
            <dd>{desk.unknownOps}</dd>
            <dt>{t('desk.lastEntry')}</dt>
            <dd>
              <Age at={desk.lastEntryAt} />
            </dd>
            <dt>{t('desk.highWater')}</dt>
            <dd>{desk.highWater}</dd>
            <dt>{t('desk.alarms')}</dt>
            <dd>{desk.alarms}</dd>
            {desk.revoked ? (
              <>
                <dt>{t('desk.revoked')}</dt>
                <dd>{t('common.yes')}</dd>
              </>
            ) : null}
          </dl>
          <h2>{t('desk.openTitle')}</h2>
          {open.length ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('desk.number')}</th>
                  <th scope="col">{t('desk.type')}</th>
                  <th scope="col">{t('desk.amount')}</th>
                  <th scope="col">{t('desk.status')}</th>
                  <th scope="col">{t('desk.released')}</th>
                </tr>
              </thead>
              <tbody>
                {open.map((o) => (
                  <tr key={o.operationNumber}>
                    <th scope="row">{o.operationNumber}</th>
                    <td>{t(`desk.types.${o.type}`)}</td>
                    <td>{money(i18n.language, o.amount, o.currency)}</td>
                    <td>{o.status ?? t('desk.unknown')}</td>
                    <td>{o.releasedBy ? t(`desk.releasedBy.${o.releasedBy}`) : t('common.no')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{t('common.none')}</p>
          )}
          <h2>{t('desk.zTitle')}</h2>
          {zReports.length ? (
            zReports.map((z) => <ZReportView key={z.seq} report={z} />)
          ) : (
            <p>{t('z.empty')}</p>
          )}
        </section>
      )}
    </Loaded>
  );
}
