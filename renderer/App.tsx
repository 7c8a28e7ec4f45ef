import { useTranslation } from 'react-i18next';
import { AmountStep } from './checkout/screens/AmountStep.tsx';
import { CompletedStep } from './checkout/screens/CompletedStep.tsx';
import { ErrorScreen } from './checkout/screens/ErrorScreen.tsx';
import { MethodStep } from './checkout/screens/MethodStep.tsx';
import { PayerStep } from './checkout/screens/PayerStep.tsx';
import { SessionStep } from './checkout/screens/SessionStep.tsx';
import { WaitingStep } from './checkout/screens/WaitingStep.tsx';
import { History } from './history/screens/History.tsx';
import { HistoryDetail } from './history/screens/HistoryDetail.tsx';
import { Home } from './home/screens/Home.tsx';
import { Lookup } from './lookup/screens/Lookup.tsx';
import { Settings } from './settings/screens/Settings.tsx';
import { AttentionNotices } from './shared/components/AttentionNotices.tsx';
import { ConnectionBanner } from './shared/components/ConnectionBanner.tsx';
import { CrashGuard } from './shared/components/CrashGuard.tsx';
import { LookupNotices } from './shared/components/LookupNotices.tsx';
import { RecoveredBanner } from './shared/components/RecoveredBanner.tsx';
import { TopBar } from './shared/components/TopBar.tsx';
import { TrainingBanner } from './shared/components/TrainingBanner.tsx';
import { useRefusal } from './shared/hooks/useRefusal.ts';
import { useAppState } from './shared/state/appState.ts';
import { useConnection } from './shared/state/connection.ts';
import { useDesk, useLocked } from './shared/state/desk.ts';
import { type Screen, useNavigation } from './shared/state/navigation.ts';
import { CashMovementScreen } from './shift/screens/CashMovementScreen.tsx';
import { CloseShift } from './shift/screens/CloseShift.tsx';
import { HandoverScreen } from './shift/screens/HandoverScreen.tsx';
import { LockScreen } from './shift/screens/LockScreen.tsx';
import { ShiftList } from './shift/screens/ShiftList.tsx';
import { SignIn } from './shift/screens/SignIn.tsx';
import { XReportScreen } from './shift/screens/XReportScreen.tsx';
import { ZReportScreen } from './shift/screens/ZReportScreen.tsx';

export function App() {
  const { t } = useTranslation();
  const mode = useAppState((s) => s.app?.settings.mode);
  const startError = useAppState((s) => s.startError);
  const say = useRefusal();
  const screen = useNavigation((s) => s.screen);
  const deskLoaded = useDesk((s) => s.desk !== null);
  const locked = useLocked();
  const coreAway = useConnection((s) => s.state !== 'connected');
  const returns = useConnection((s) => s.returns);
  if (!mode || !deskLoaded) {
    return (
      <main className="starting">
        <p role={startError ? 'alert' : 'status'}>
          {startError ? t('app.startFailed', { message: say(startError) }) : t('app.loading')}
        </p>
      </main>
    );
  }
  const training = mode === 'training';
  return (
    <>
      {/* Locked, the desk stays as it was underneath, out of reach: inert, and covered. So while the
          core's process starts again: nothing on it could answer. */}
      <ConnectionBanner />
      <div
        className={['app', training && 'app-training', coreAway && 'app-core-away'].filter(Boolean).join(' ')}
        data-mode={mode}
        inert={locked || coreAway}
      >
        <header className="app-header">
          {training && <TrainingBanner />}
          <TopBar />
        </header>
        <main className="app-main">
          <RecoveredBanner />
          <AttentionNotices />
          <LookupNotices />
          {/* Keyed so every screen mounts fresh: focus and local state start over on each visit, and
              when the core is back, so the screen loads again what it shows. */}
          <CrashGuard key={`${screenKey(screen)}#${returns}`}>
            <CurrentScreen screen={screen} />
          </CrashGuard>
        </main>
      </div>
      {locked && <LockScreen />}
    </>
  );
}

function screenKey(screen: Screen): string {
  if (screen.name === 'historyDetail') return `${screen.name}:${screen.localId}`;
  if (screen.name === 'zReport') return `${screen.name}:${screen.shiftId}`;
  if (screen.name === 'error') return `${screen.name}:${screen.error.kind}:${screen.error.localId ?? ''}`;
  return screen.name;
}

function CurrentScreen({ screen }: { screen: Screen }) {
  switch (screen.name) {
    case 'home':
      return <Home />;
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
    case 'waiting':
      return <WaitingStep />;
    case 'completed':
      return <CompletedStep />;
    case 'error':
      return <ErrorScreen error={screen.error} back={screen.back} />;
    case 'signIn':
      return <SignIn />;
    case 'xReport':
      return <XReportScreen />;
    case 'cashMovement':
      return <CashMovementScreen />;
    case 'closeShift':
      return <CloseShift />;
    case 'handover':
      return <HandoverScreen />;
    case 'shifts':
      return <ShiftList />;
    case 'zReport':
      return <ZReportScreen shiftId={screen.shiftId} back={screen.back} />;
  }
}
