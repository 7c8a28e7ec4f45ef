import type { PrintCatalogue } from '../../common/i18n/print.en.ts';
import type { Catalogue } from './en.ts';

// Typed keys: a missing or misspelt catalogue key fails the typecheck instead of showing raw.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue; print: PrintCatalogue };
  }
}
