import { useTranslation } from 'react-i18next';
import { CrashGuard } from './components/CrashGuard.tsx';
import { LookupNotices } from './components/LookupNotices.tsx';
import { TopBar } from './components/TopBar.tsx';
import { TrainingBanner } from './components/TrainingBanner.tsx';
import { AmountStep } from './flow/AmountStep.tsx';
import { CompletedStep } from './flow/CompletedStep.tsx';
import { MethodStep } from './flow/MethodStep.tsx';
import { PayerStep } from './flow/PayerStep.tsx';
import { ReviewStep } from './flow/ReviewStep.tsx';
import { SessionStep } from './flow/SessionStep.tsx';
import { WaitingStep } from './flow/WaitingStep.tsx';
import { ErrorScreen } from './screens/ErrorScreen.tsx';
import { History } from './screens/History.tsx';
import { HistoryDetail } from './screens/HistoryDetail.tsx';
import { Home } from './screens/Home.tsx';
import { Lookup } from './screens/Lookup.tsx';
import { Settings } from './screens/Settings.tsx';
import { SettingsGate } from './screens/SettingsGate.tsx';
import { useAppState } from './state/appState.ts';
import { type Screen, useNavigation } from './state/navigation.ts';

export function App() {
  const { t } = useTranslation();
  const app = useAppState((s) => s.app);
  const startError = useAppState((s) => s.startError);
  const screen = useNavigation((s) => s.screen);
  if (!app) {
    return (
      <main className="starting">
        <p role={startError ? 'alert' : 'status'}>
          {startError ? t('app.startFailed', { message: startError }) : t('app.loading')}
        </p>
      </main>
    );
  }
  const training = app.settings.mode === 'training';
  return (
    <div className={training ? 'app app-training' : 'app'} data-mode={app.settings.mode}>
      <header className="app-header">
        {training && <TrainingBanner />}
        <TopBar />
      </header>
      <main className="app-main">
        <LookupNotices />
        {/* Keyed so every screen mounts fresh: focus and local state start over on each visit. */}
        <CrashGuard key={screenKey(screen)}>
          <CurrentScreen screen={screen} />
        </CrashGuard>
      </main>
    </div>
  );
}

function screenKey(screen: Screen): string {
  if (screen.name === 'historyDetail') return `${screen.name}:${screen.localId}`;
  if (screen.name === 'error') return `${screen.name}:${screen.error.kind}:${screen.error.localId ?? ''}`;
  return screen.name;
}

function CurrentScreen({ screen }: { screen: Screen }) {
  switch (screen.name) {
    case 'home':
      return <Home />;
    case 'settingsGate':
      return <SettingsGate />;
    case 'settings':
      return <Settings />;
    case 'lookup':
      return <Lookup />;
    case 'history':
      return <History />;
    case 'historyDetail':
      return <HistoryDetail localId={screen.localId} back={screen.back} />;
    case 'method':
      return <MethodStep />;
    case 'amount':
      return <AmountStep />;
    case 'payer':
      return <PayerStep />;
    case 'session':
      return <SessionStep />;
    case 'review':
      return <ReviewStep />;
    case 'waiting':
      return <WaitingStep />;
    case 'completed':
      return <CompletedStep />;
    case 'error':
      return <ErrorScreen error={screen.error} back={screen.back} />;
  }
}
