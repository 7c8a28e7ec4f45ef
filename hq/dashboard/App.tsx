// The dashboard's shell: sign-in, then a header with the sections and the language, and the view
// the location's hash names (#/, #/branch/1, #/desk/T-1, #/z-reports …).
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../common/hq-api/staff-admin.ts';
import { call, setCsrf } from './api.ts';
import { useErrorText } from './shared.tsx';
import { AdminView } from './views/admin.tsx';
import { AlarmsView } from './views/alarms.tsx';
import { BranchView, DeskView, NetworkView } from './views/network.tsx';
import { SearchView } from './views/search.tsx';
import { DeskAuditView } from './views/trail.tsx';
import { VariancesView, ZReportsView } from './views/z-reports.tsx';

const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'ru', name: 'Русский' },
  { code: 'kk', name: 'Қазақша' },
] as const;

function useHash(): string {
  const [hash, setHash] = useState(window.location.hash || '#/');
  useEffect(() => {
    const on = () => setHash(window.location.hash || '#/');
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return hash;
}

function Route({ hash, staff }: { hash: string; staff: StaffMember }) {
  const [, section, param] = hash.split('/');
  switch (section) {
    case 'branch':
      return <BranchView key={param} id={param ?? ''} />;
    case 'desk':
      return <DeskView key={param} terminal={decodeURIComponent(param ?? '')} />;
    case 'z-reports':
      return <ZReportsView />;
    case 'variances':
      return <VariancesView />;
    case 'audit':
      return <DeskAuditView />;
    case 'alarms':
      return <AlarmsView admin={staff.role === 'admin'} />;
    case 'search':
      return <SearchView />;
    case 'admin':
      return staff.role === 'admin' ? <AdminView /> : <NetworkView />;
    default:
      return <NetworkView />;
  }
}

function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language">
      {t('app.language')}{' '}
      <select
        value={i18n.language}
        onChange={(e) => {
          const language = e.target.value;
          localStorage.setItem('hq-language', language);
          document.documentElement.lang = language;
          i18n.changeLanguage(language);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Login({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { csrf } = await call('login', { body: { username, password } });
      setCsrf(csrf);
      onSignedIn();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <main id="main" className="login">
      <LanguagePicker />
      <h1>{t('login.title')}</h1>
      <form onSubmit={submit}>
        <label htmlFor="username">{t('login.username')}</label>
        <input
          id="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
        <label htmlFor="password">{t('login.password')}</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <button type="submit">{t('login.submit')}</button>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
      </form>
    </main>
  );
}

export function App() {
  const { t } = useTranslation();
  const hash = useHash();
  const [staff, setStaff] = useState<StaffMember | null | undefined>(undefined);
  const load = () =>
    call('session').then(
      (session) => {
        setCsrf(session.csrf ?? '');
        setStaff(session.staff);
      },
      // Signed out, or the session ended: the sign-in form.
      () => setStaff(null),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on start
  useEffect(() => {
    load();
  }, []);
  useEffect(() => {
    document.title = t('app.title');
  });
  if (staff === undefined) return <p aria-busy="true">{t('common.loading')}</p>;
  if (staff === null) return <Login onSignedIn={load} />;
  const sections = [
    ['#/', 'nav.network'],
    ['#/z-reports', 'nav.zReports'],
    ['#/variances', 'nav.variances'],
    ['#/audit', 'nav.audit'],
    ['#/alarms', 'nav.alarms'],
    ['#/search', 'nav.search'],
    ...(staff.role === 'admin' ? [['#/admin', 'nav.admin']] : []),
  ] as const;
  const current = `#/${hash.split('/')[1] ?? ''}`;
  return (
    <>
      <button type="button" className="skip" onClick={() => document.getElementById('main')?.focus()}>
        {t('app.skip')}
      </button>
      <header>
        <p className="brand">{t('app.title')}</p>
        <nav aria-label={t('nav.label')}>
          <ul>
            {sections.map(([href, key]) => (
              <li key={href}>
                <a
                  href={href}
                  aria-current={
                    current === href || (href === '#/' && ['#/', '#/branch', '#/desk'].includes(current))
                      ? 'page'
                      : undefined
                  }
                >
                  {t(key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <span>{t('app.signedInAs', { name: staff.username, role: t(`roles.${staff.role}`) })}</span>
          <LanguagePicker />
          <button type="button" onClick={() => call('logout').finally(() => setStaff(null))}>
            {t('app.signOut')}
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Route hash={hash} staff={staff} />
      </main>
    </>
  );
}
