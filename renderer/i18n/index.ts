import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Catalogue, en } from './en.ts';

export { LANGUAGES, type Language } from '../../common/enums.ts';

import type { Language } from '../../common/enums.ts';

// English is bundled, so init is synchronous and the first paint is already in words; Russian and
// Kazakh are loaded when a desk chooses them, so the first load carries one catalogue, not three.
const CATALOGUES: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  ru: () => import('./ru.ts').then((module) => module.ru),
  kk: () => import('./kk.ts').then((module) => module.kk),
};

export function initI18n(): typeof i18next {
  i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18next;
}

export async function applyLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await CATALOGUES[language]());
  }
  document.documentElement.lang = language;
  if (i18next.language !== language) await i18next.changeLanguage(language);
}
