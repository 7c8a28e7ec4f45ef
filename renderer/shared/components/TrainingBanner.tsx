import { useTranslation } from 'react-i18next';

export function TrainingBanner() {
  const { t } = useTranslation();
  return (
    <div className="training-banner" role="note">
      <strong>{t('app.training')}</strong>
      <span>{t('app.trainingNote')}</span>
    </div>
  );
}
