import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../common/enums.ts';
import { type PrintCatalogue, printEn } from '../../common/i18n/print.en.ts';
import { refusalsEn } from '../../common/i18n/refusals.en.ts';
import type { RefusalCatalogue } from '../../common/refusal.ts';
import { type Catalogue, en } from './en.ts';

// English is bundled, so init is synchronous and the first paint is already in words; Russian and
// Kazakh are loaded when a desk chooses them, so the first load carries one catalogue, not three.
// The print namespace (common/i18n/) is main's printed words; the screens show its audit kinds.
// The refusal namespace is the core's reasons for refusing, shown by key (hooks/useRefusal.ts).
const CATALOGUES: Record<
  Exclude<Language, 'en'>,
  () => Promise<{ translation: Catalogue; print: PrintCatalogue; refusal: RefusalCatalogue }>
> = {
  ru: async () => ({
    translation: (await import('./ru.ts')).ru,
    print: (await import('../../common/i18n/print.ru.ts')).printRu,
    refusal: (await import('../../common/i18n/refusals.ru.ts')).refusalsRu,
  }),
  kk: async () => ({
    translation: (await import('./kk.ts')).kk,
    print: (await import('../../common/i18n/print.kk.ts')).printKk,
    refusal: (await import('../../common/i18n/refusals.kk.ts')).refusalsKk,
  }),
};

export function initI18n(): typeof i18next {
  i18next.use(initReactI18next).init({
    resources: { en: { translation: en, print: printEn, refusal: refusalsEn } },
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18next;
}

export async function applyLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation')) {
    const bundles = await CATALOGUES[language]();
    i18next.addResourceBundle(language, 'translation', bundles.translation);
    i18next.addResourceBundle(language, 'print', bundles.print);
    i18next.addResourceBundle(language, 'refusal', bundles.refusal);
  }
  document.documentElement.lang = language;
  if (i18next.language !== language) await i18next.changeLanguage(language);
}
