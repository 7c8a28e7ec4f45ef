// The admin's pages: branches, enrolment codes, users, supervisor-reset codes, desk tokens and HQ's
// own audit log. Each action goes through the API, which logs it.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeskSummary, post } from '../api.ts';
import { Loaded, useLoad, When } from '../shared.tsx';

type Branch = { id: number; name: string };

function useAction() {
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<string>) => {
    setError(null);
    setMessage(null);
    try {
      setMessage(await action());
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const output = (
    <>
      {message ? (
        <output className="issued" aria-live="polite">
          {message}
        </output>
      ) : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </>
  );
  return { run, output };
}

function BranchesAndCodes({ branches, reload }: { branches: Branch[]; reload(): void }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState('');
  const [branchId, setBranchId] = useState('');
  const [terminal, setTerminal] = useState('');
  const addBranch = useAction();
  const issue = useAction();
  return (
    <>
      <section aria-labelledby="branches-title">
        <h2 id="branches-title">{t('admin.branches')}</h2>
        <ul>
          {branches.map((b) => (
            <li key={b.id}>{b.name}</li>
          ))}
        </ul>
        <form
          className="inline"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            addBranch.run(async () => {
              const made = await post<Branch>('/api/admin/branches', { name });
              setName('');
              reload();
              return made.name;
            });
          }}
        >
          <label htmlFor="branch-name">{t('admin.branchName')}</label>
          <input id="branch-name" value={name} onChange={(e) => setName(e.target.value)} required />
          <button type="submit">{t('admin.addBranch')}</button>
        </form>
        {addBranch.output}
      </section>
      <section aria-labelledby="codes-title">
        <h2 id="codes-title">{t('admin.codes')}</h2>
        <form
          className="inline"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            issue.run(async () => {
              const made = await post<{ code: string; terminalId: string; expiresAt: string }>(
                '/api/admin/enrolment-codes',
                {
                  branchId: Number(branchId),
                  terminalId: terminal.trim(),
                },
              );
              return t('admin.codeIssued', {
                terminal: made.terminalId,
                code: made.code,
                until: new Date(made.expiresAt).toLocaleString(i18n.language),
              });
            });
          }}
        >
          <label htmlFor="code-branch">{t('admin.codeBranch')}</label>
          <select id="code-branch" value={branchId} onChange={(e) => setBranchId(e.target.value)} required>
            <option value="" />
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
          <label htmlFor="code-terminal">{t('admin.terminal')}</label>
          <input id="code-terminal" value={terminal} onChange={(e) => setTerminal(e.target.value)} required />
          <button type="submit">{t('admin.issueCode')}</button>
        </form>
        {issue.output}
      </section>
    </>
  );
}

function Users({ branches }: { branches: Branch[] }) {
  const { t } = useTranslation();
  const users = useLoad<{
    users: { id: number; username: string; role: 'admin' | 'supervisor'; branchId: number | null }[];
  }>('/api/admin/users');
  const [username, setUsername] = useState('');
  const [branchId, setBranchId] = useState('');
  const add = useAction();
  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title">{t('admin.users')}</h2>
      <Loaded state={users}>
        {(data) => (
          <ul>
            {data.users.map((u) => (
              <li key={u.id}>
                {u.username} · {t(`roles.${u.role}`)}
                {u.branchId ? ` · ${branches.find((b) => b.id === u.branchId)?.name ?? u.branchId}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      <form
        className="inline"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          add.run(async () => {
            const made = await post<{ username: string; password: string }>('/api/admin/users', {
              username: username.trim(),
              role: branchId ? 'supervisor' : 'admin',
              branchId: branchId ? Number(branchId) : null,
            });
            setUsername('');
            users.reload();
            return t('admin.userAdded', { name: made.username, password: made.password });
          });
        }}
      >
        <label htmlFor="user-name">{t('admin.username')}</label>
        <input id="user-name" value={username} onChange={(e) => setUsername(e.target.value)} required />
        <label htmlFor="user-branch">{t('admin.userBranch')}</label>
        <select id="user-branch" value={branchId} onChange={(e) => setBranchId(e.target.value)}>
          <option value="">{t('admin.noBranch')}</option>
          {branches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
        <button type="submit">{t('admin.addUser')}</button>
      </form>
      {add.output}
    </section>
  );
}

function DesksAndResets() {
  const { t, i18n } = useTranslation();
  const desks = useLoad<{ desks: DeskSummary[] }>('/api/admin/desks');
  const [terminal, setTerminal] = useState('');
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
            reset.run(async () => {
              const made = await post<{ code: string; terminalId: string; expiresAt: string }>(
                '/api/admin/reset-codes',
                {
                  terminalId: terminal.trim(),
                },
              );
              return `${t('admin.resetIssued', { terminal: made.terminalId, until: new Date(made.expiresAt).toLocaleString(i18n.language) })} ${made.code}`;
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
                          await post(`/api/admin/desks/${encodeURIComponent(d.terminalId)}/revoke`);
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

type LogEntry = {
  id: string;
  at: string;
  username: string | null;
  terminalId: string | null;
  action: string;
  ip: string | null;
};

function HqLog() {
  const { t } = useTranslation();
  const log = useLoad<{ entries: LogEntry[] }>('/api/admin/audit-log');
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

export function AdminView() {
  const { t } = useTranslation();
  const branches = useLoad<{ branches: Branch[] }>('/api/admin/branches');
  return (
    <div>
      <h1>{t('admin.title')}</h1>
      <Loaded state={branches}>
        {({ branches: list }) => (
          <>
            <BranchesAndCodes branches={list} reload={branches.reload} />
            <Users branches={list} />
          </>
        )}
      </Loaded>
      <DesksAndResets />
      <HqLog />
    </div>
  );
}
