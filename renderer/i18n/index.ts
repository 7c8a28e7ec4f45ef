import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { kk } from './kk.ts';
import { ru } from './ru.ts';

export { LANGUAGES, type Language } from '../../common/enums.ts';

import type { Language } from '../../common/enums.ts';

// Catalogues are bundled, so init is synchronous and the first paint is already translated.
export function initI18n(): typeof i18next {
  i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, ru: { translation: ru }, kk: { translation: kk } },
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18next;
}

export async function applyLanguage(language: Language): Promise<void> {
  document.documentElement.lang = language;
  if (i18next.language !== language) await i18next.changeLanguage(language);
}
