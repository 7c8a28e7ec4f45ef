// The admin's desk pages: supervisor-reset codes, every desk and its token's revocation, and HQ's
// own audit log.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResetCodeReply } from '../../../common/hq-api/staff-admin.ts';
import { call, callOf } from '../api.ts';
import { Loaded, useLoad, When } from '../shared.tsx';
import { useAction } from './action.tsx';
import { ResetCodeCard } from './reset-code-card.tsx';

export function DesksAndResets() {
  const { t } = useTranslation();
  const desks = useLoad(callOf('adminDesks'));
  const [terminal, setTerminal] = useState('');
  const [issued, setIssued] = useState<ResetCodeReply | null>(null);
  const reset = useAction();
  const revoke = useAction();
  return (
    <>
      <section aria-labelledby="resets-title">
        <h2 id="resets-title">{t('admin.resetCodes')}</h2>
        <form
          className="inline"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            setIssued(null);
            reset.run(async () => {
              setIssued(await call('issueResetCode', { body: { terminalId: terminal.trim() } }));
              return null;
            });
          }}
        >
          <label htmlFor="reset-terminal">{t('admin.terminal')}</label>
          <input
            id="reset-terminal"
            value={terminal}
            onChange={(e) => setTerminal(e.target.value)}
            required
          />
          <button type="submit">{t('admin.issueReset')}</button>
        </form>
        {reset.output}
        {issued ? <ResetCodeCard issued={issued} /> : null}
      </section>
      <section aria-labelledby="desks-title">
        <h2 id="desks-title">{t('admin.desks')}</h2>
        <Loaded state={desks}>
          {(data) => (
            <ul>
              {data.desks.map((d) => (
                <li key={d.terminalId}>
                  {d.terminalId} · {d.branchName} · {d.revoked ? t('admin.revoked') : t('admin.live')}{' '}
                  {d.revoked ? null : (
                    <button
                      type="button"
                      onClick={() =>
                        revoke.run(async () => {
                          await call('revokeDesk', { params: { terminalId: d.terminalId } });
                          desks.reload();
                          return `${d.terminalId}: ${t('admin.revoked')}`;
                        })
                      }
                    >
                      {t('admin.revoke', { terminal: d.terminalId })}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Loaded>
        {revoke.output}
      </section>
    </>
  );
}

export function HqLog() {
  const { t } = useTranslation();
  const log = useLoad(callOf('auditLog'));
  return (
    <section aria-labelledby="log-title">
      <h2 id="log-title">{t('admin.log')}</h2>
      <Loaded state={log}>
        {(data) => (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.logAt')}</th>
                <th scope="col">{t('admin.logWho')}</th>
                <th scope="col">{t('admin.logAction')}</th>
                <th scope="col">{t('admin.logTerminal')}</th>
                <th scope="col">{t('admin.logIp')}</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.id}>
                  <td>
                    <When at={e.at} />
                  </td>
                  <td>{e.username ?? '—'}</td>
                  <td>{e.action}</td>
                  <td>{e.terminalId ?? '—'}</td>
                  <td>{e.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </section>
  );
}
