import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, Mode } from '../../../common/contract.ts';
import { isTrainingShopName } from '../../../common/training-shops.ts';
import { ConfirmPanel } from '../../shared/components/ConfirmPanel.tsx';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useAppState, useLoaded } from '../../shared/state/appState.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { settingsApi } from '../api.ts';
import { findUnresolved, type Unresolved } from '../state/unresolved.ts';
import type { LiveNeed } from './SettingsForm.tsx';
import { UnresolvedList } from './UnresolvedList.tsx';

/** What stops a switch, said before the supervisor confirms anything. */
type Blocker = LiveNeed | 'supervisorPin' | 'shiftOpen';

/** The terminal ID every desk starts with: two desks with it collide on operation numbers. */
const DEFAULT_TERMINAL = 'T01';

/**
 * Going Live moves real money, so it takes a second, explicit yes. Back to Training takes one click,
 * unless operations are still unresolved: then either way the supervisor sees them first and confirms.
 */
export function SettingsMode({ onNeeded }: { onNeeded(need: LiveNeed): void }) {
  const { t } = useTranslation();
  const mode = useLoaded((app) => app.settings.mode);
  const gatewayUrl = useLoaded((app) => app.settings.gatewayUrl);
  const terminalId = useLoaded((app) => app.settings.terminalId);
  const shops = useLoaded((app) => app.settings.shops);
  const pinSet = useDesk((s) => s.desk?.supervisor.pinSet ?? false);
  // A live shift must be closed first; a training one, with no real cash, ends as Live is turned on.
  const shiftOpen = useDesk((s) => s.desk?.shift?.training === false);
  const trainingShift = useDesk((s) => s.desk?.shift?.training === true);
  const [blocker, setBlocker] = useState<Blocker | null>(null);
  const accept = useAppState((s) => s.accept);
  /** The unresolved operations shown while confirming; null when no confirmation is open. */
  const [confirming, setConfirming] = useState<Unresolved[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const ids = useId();
  const next: Mode = mode === 'training' ? 'live' : 'training';

  const switchMode = async () => {
    const result = await run(async () => accept(await settingsApi.setMode({ mode: next })));
    if (!result) return;
    setConfirming(null);
    // The core's own checks, should something have changed meanwhile: said as the ones below.
    const field = result.ok ? undefined : result.error.field;
    if (field === 'gatewayUrl' || field === 'terminalId' || field === 'supervisorPin') return block(field);
    setError(result.ok ? null : result.error);
  };
  const block = (found: Blocker) => {
    setBlocker(found);
    if (found === 'gatewayUrl' || found === 'terminalId' || found === 'shops') onNeeded(found);
  };
  const blockerNow = (): Blocker | null => {
    if (shiftOpen) return 'shiftOpen';
    if (next !== 'live') return null;
    if (!gatewayUrl) return 'gatewayUrl';
    if (!pinSet) return 'supervisorPin';
    if (terminalId === DEFAULT_TERMINAL) return 'terminalId';
    // A Live receipt prints the shop's name: the payer must read the real one.
    if (shops.some((shop) => isTrainingShopName(shop.name))) return 'shops';
    return null;
  };
  const ask = async () => {
    const stop = blockerNow();
    if (stop) return block(stop);
    setBlocker(null);
    const found = await run(findUnresolved);
    if (!found) return;
    setError(found.ok ? null : found.error);
    if (!found.ok) return;
    if (next === 'training' && found.value.length === 0) await switchMode();
    else setConfirming(found.value);
  };

  return (
    <section className="panel stack" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('settings.mode')}</h2>
      <p className="lead">{mode === 'training' ? t('settings.modeTraining') : t('settings.modeLive')}</p>
      <ErrorAlert error={error} />
      {blocker && blocker === blockerNow() && (
        <p className="alert alert-warning" role="alert" data-testid={`live-needs-${blocker}`}>
          {t(`settings.blocked.${blocker}`)}
        </p>
      )}
      {confirming === null ? (
        <button type="button" disabled={busy} onClick={ask}>
          {next === 'live' ? t('settings.switchToLive') : t('settings.switchToTraining')}
        </button>
      ) : (
        <ConfirmPanel
          title={next === 'live' ? t('settings.liveConfirmTitle') : t('settings.trainingConfirmTitle')}
          body={next === 'live' ? t('settings.liveConfirmBody') : t('settings.trainingConfirmBody')}
          confirmLabel={next === 'live' ? t('settings.liveConfirm') : t('settings.trainingConfirm')}
          cancelLabel={t('common.cancel')}
          busy={busy}
          onConfirm={switchMode}
          onCancel={() => setConfirming(null)}
        >
          {next === 'live' && trainingShift && (
            <p data-testid="training-shift-ends">{t('settings.trainingShiftEnds')}</p>
          )}
          <UnresolvedList operations={confirming} />
        </ConfirmPanel>
      )}
    </section>
  );
}
