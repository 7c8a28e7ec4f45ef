import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../components/ScreenFrame.tsx';
import { useLoadedApp } from '../state/appState.ts';
import { go } from '../state/navigation.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { SettingsMode } from './SettingsMode.tsx';
import { SettingsTokens } from './SettingsTokens.tsx';

export function Settings() {
  const { t } = useTranslation();
  // Tokens belong to a gateway address; until one is set there is nothing to store them for.
  const hasGateway = useLoadedApp().settings.gatewayUrl !== null;
  return (
    <ScreenFrame title={t('settings.title')} onBack={() => go({ name: 'home' })}>
      <div className="settings">
        <SettingsMode />
        <SettingsForm />
        {hasGateway && <SettingsTokens />}
      </div>
    </ScreenFrame>
  );
}
