import { useTranslation } from 'react-i18next';
import { ConfirmPanel } from '../../shared/components/ConfirmPanel.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useNavigation } from '../../shared/state/navigation.ts';

/** Settings can switch the desk to real money, so the agent confirms being a supervisor first. */
export function SettingsGate() {
  const { t } = useTranslation();
  const openHome = useNavigation((s) => s.openHome);
  const openSettings = useNavigation((s) => s.openSettings);
  return (
    <ScreenFrame title={t('settingsGate.title')} onBack={openHome}>
      <ConfirmPanel
        title={t('settingsGate.question')}
        body={t('settingsGate.body')}
        confirmLabel={t('settingsGate.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={openSettings}
        onCancel={openHome}
      />
    </ScreenFrame>
  );
}
