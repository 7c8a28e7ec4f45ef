// The printed words, through i18next as the screens' are: one i18n for the app, its print namespace
// read from common/i18n/. Main keeps an instance of its own (never i18next's global one, which is
// the renderer's), created by each service that lays out paper, so no two cores share state.
import i18next, { type i18n } from 'i18next';
import type { Language } from '../../common/contract.ts';
import { type PrintCatalogue, printEn } from '../../common/i18n/print.en.ts';
import { printKk } from '../../common/i18n/print.kk.ts';
import { printRu } from '../../common/i18n/print.ru.ts';

const NS = 'print';

/** Every printed word's key, "report.x" and the like: a misspelt key fails the typecheck. */
export type PrintKey = Leaves<PrintCatalogue>;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** The maps keyed by what the data says (a requisite's name, an audit kind): looked up with `known`. */
type Group =
  | 'requisite'
  | 'auditKind'
  | 'report.reason'
  | 'report.custodyKind'
  | 'gatewayStatus'
  | 'instrument'
  | 'auditField';

/** The words of one language: `t` for a fixed key, `known` for a key only the data names. */
export type PrintWords = {
  t(key: PrintKey, values?: Record<string, string | number>): string;
  /** The word for `name` in `group`, or undefined for a name this version does not know. */
  known(group: Group, name: string): string | undefined;
};

export type PrintI18n = { words(language: Language): PrintWords };

export function createPrintI18n(): PrintI18n {
  const instance: i18n = i18next.createInstance();
  void instance.init({
    resources: { en: { [NS]: printEn }, ru: { [NS]: printRu }, kk: { [NS]: printKk } },
    ns: [NS],
    defaultNS: NS,
    lng: 'en',
    // A missing word is a defect the catalogue test catches, never English on a Kazakh receipt.
    fallbackLng: false,
    initAsync: false,
    // The templates escape every value they interpolate (main/receipts/html.ts).
    interpolation: { escapeValue: false },
  });
  return {
    words(language) {
      const fixed = instance.getFixedT(language, NS);
      return {
        t: (key, values) => fixed(key, values ?? {}) as string,
        known(group, name) {
          // Read as data, not as a key: a gateway's name may hold the separators "." or ":".
          const words = instance.getResource(language, NS, group) as Record<string, string> | undefined;
          return words && Object.hasOwn(words, name) ? words[name] : undefined;
        },
      };
    },
  };
}
