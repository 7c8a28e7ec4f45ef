import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../common/enums.ts';
import { useInFlight } from '../hooks/useInFlight.ts';
import { useAppState, useLoaded } from '../state/appState.ts';

/** At hand on every screen: the agent switches to the payer's language without a supervisor. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const settings = useLoaded((app) => app.settings);
  const saveSettings = useAppState((s) => s.saveSettings);
  const { busy, run } = useInFlight();
  const choose = (language: Language) => run(() => saveSettings({ ...settings, language }));
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('app.language')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={settings.language === language}
          disabled={busy}
          onClick={() => choose(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
