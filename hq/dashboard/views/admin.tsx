// The admin's pages: branches, enrolment codes and users here; supervisor-reset codes, desk
// tokens and HQ's own audit log in admin-desks.tsx. Each action goes through the API, which logs it.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffReply } from '../../../common/hq-api/staff-routes.ts';
import { call, callOf } from '../api.ts';
import { Loaded, useLoad } from '../shared.tsx';
import { useAction } from './action.tsx';
import { DesksAndResets, HqLog } from './admin-desks.tsx';

type Branch = StaffReply<'adminBranches'>['branches'][number];

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
              const made = await call('addBranch', { body: { name } });
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
              const made = await call('issueEnrolmentCode', {
                body: { branchId: Number(branchId), terminalId: terminal.trim() },
              });
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
  const users = useLoad(callOf('users'));
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
            const made = await call('addUser', {
              body: {
                username: username.trim(),
                role: branchId ? 'supervisor' : 'admin',
                branchId: branchId ? Number(branchId) : null,
              },
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

export function AdminView() {
  const { t } = useTranslation();
  const branches = useLoad(callOf('adminBranches'));
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
