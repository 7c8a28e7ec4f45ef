import { useTranslation } from 'react-i18next';
import { HeadOfficeLine } from '../../headoffice/components/HeadOfficeLine.tsx';
import { ShiftBar } from '../../shift/components/ShiftBar.tsx';
import { ConnectivityIndicator } from './ConnectivityIndicator.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export function TopBar() {
  const { t } = useTranslation();
  return (
    <header className="top-bar">
      <span className="brand">{t('app.name')}</span>
      <ShiftBar />
      <ConnectivityIndicator />
      <HeadOfficeLine />
      <LanguageSwitch />
    </header>
  );
}
