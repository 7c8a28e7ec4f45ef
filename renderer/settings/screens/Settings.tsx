import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrintingSettings } from '../../receipts/components/PrintingSettings.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useLoaded } from '../../shared/state/appState.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { SettingsForm } from '../components/SettingsForm.tsx';
import { SettingsMode } from '../components/SettingsMode.tsx';
import { SettingsTokens } from '../components/SettingsTokens.tsx';

export function Settings() {
  const { t } = useTranslation();
  const openHome = useNavigation((s) => s.openHome);
  // Tokens belong to a gateway address; until one is set there is nothing to store them for.
  const hasGateway = useLoaded((app) => app.settings.gatewayUrl !== null);
  /** Live was asked for without a gateway URL: the URL field says what is missing. */
  const [urlNeeded, setUrlNeeded] = useState(false);
  return (
    <ScreenFrame title={t('settings.title')} onBack={openHome}>
      <div className="settings">
        <SettingsMode onUrlNeeded={() => setUrlNeeded(true)} />
        <SettingsForm urlNeeded={urlNeeded && !hasGateway} />
        <SettingsTokens hasGateway={hasGateway} />
        <PrintingSettings />
      </div>
    </ScreenFrame>
  );
}
