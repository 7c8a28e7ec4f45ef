import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../reportError.ts';
import { useNavigation } from '../state/navigation.ts';
import { CashBanner } from './CashBanner.tsx';

type Props = { children: ReactNode };

/**
 * A screen that throws must not leave the agent with a blank window and no word about cash: show
 * the internal error in plain words, with the safe cash advice, and a way back to Home. The error
 * itself goes to main's log.
 */
export class CrashGuard extends Component<Props, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  /** The agent sees plain words; support finds the error and the component it came from in the log. */
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, 'CrashGuard', info.componentStack ?? undefined);
  }

  override render() {
    const home = () => {
      useNavigation.getState().openHome();
      this.setState({ crashed: false });
    };
    return this.state.crashed ? <Crashed onHome={home} /> : this.props.children;
  }
}

function Crashed({ onHome }: { onHome(): void }) {
  const { t } = useTranslation();
  return (
    <section className="screen" aria-labelledby="crash-title">
      <h1 id="crash-title">{t('error.kinds.internal.title')}</h1>
      <CashBanner cash="hold" />
      <p className="lead">{t('error.kinds.internal.what')}</p>
      <p className="lead">{t('error.kinds.internal.next')}</p>
      <div className="actions">
        <button type="button" className="button-primary" onClick={onHome}>
          {t('common.home')}
        </button>
      </div>
    </section>
  );
}
