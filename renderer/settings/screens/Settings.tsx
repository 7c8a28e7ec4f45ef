import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrintingSettings } from '../../receipts/components/PrintingSettings.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useLoaded } from '../../shared/state/appState.ts';
import { supervisorOpen, useDesk } from '../../shared/state/desk.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { DeskSettingsPanel } from '../components/DeskSettingsPanel.tsx';
import { DiagnosticsPanel } from '../components/DiagnosticsPanel.tsx';
import { ExportPanel } from '../components/ExportPanel.tsx';
import { OperatorsPanel } from '../components/OperatorsPanel.tsx';
import { type LiveNeed, SettingsForm } from '../components/SettingsForm.tsx';
import { SettingsMode } from '../components/SettingsMode.tsx';
import { SettingsTokens } from '../components/SettingsTokens.tsx';
import { SupervisorPanel } from '../components/SupervisorPanel.tsx';
import { SupervisorUnlock } from '../components/SupervisorUnlock.tsx';

/**
 * Everything a supervisor sets. Once a supervisor PIN exists the page opens only with it, and
 * closes again by itself (the core ends the supervisor's time and says so).
 */
export function Settings() {
  const { t } = useTranslation();
  const openHome = useNavigation((s) => s.openHome);
  const open = useDesk((s) => (s.desk ? supervisorOpen(s.desk) : false));
  // Tokens belong to a gateway address; until one is set there is nothing to store them for.
  const hasGateway = useLoaded((app) => app.settings.gatewayUrl !== null);
  /** Live was asked for without something it needs: that field says so. */
  const [needed, setNeeded] = useState<LiveNeed | null>(null);
  return (
    <ScreenFrame title={t('settings.title')} onBack={openHome}>
      {open ? (
        <div className="settings">
          <SupervisorPanel />
          <SettingsMode onNeeded={setNeeded} />
          <SettingsForm needed={needed} />
          <SettingsTokens hasGateway={hasGateway} />
          <OperatorsPanel />
          <DeskSettingsPanel />
          <PrintingSettings />
          <ExportPanel />
          <DiagnosticsPanel />
        </div>
      ) : (
        <SupervisorUnlock />
      )}
    </ScreenFrame>
  );
}
