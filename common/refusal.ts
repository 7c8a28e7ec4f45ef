// A refusal is a key of the one refusal catalogue (common/i18n/refusals.*.ts) and its values, so
// the core never hands a sentence to the screen: its log reads the English, and the renderer the
// agent's language. A value is text, a number, or a phrase of the same catalogue (an action that
// needs the supervisor, whose PIN is locked out), which is put in the same language.
import { z } from 'zod';
import { refusalsEn } from './i18n/refusals.en.ts';

export type RefusalKey = keyof typeof refusalsEn;
/** What a catalogue holds in each language: every key, each with its sentence. */
export type RefusalCatalogue = Record<RefusalKey, string>;

/** The placeholders of an entry, read off its English text: the values its key must be given. */
type Placeholders<S extends string> = S extends `${string}{{${infer N}}}${infer R}`
  ? N | Placeholders<R>
  : never;
export type RefusalValueNames<K extends RefusalKey> = Placeholders<(typeof refusalsEn)[K]>;

export type Phrase = { key: RefusalKey; values?: Record<string, string | number> };
export type RefusalValue = string | number | Phrase;
export type Refusal = { key: RefusalKey; values?: Record<string, RefusalValue> };

type ValuesOf<K extends RefusalKey, V> = [RefusalValueNames<K>] extends [never]
  ? []
  : [values: { [N in RefusalValueNames<K>]: V }];

/** A refusal with exactly the values its entry names. */
export function refusal<K extends RefusalKey>(key: K, ...values: ValuesOf<K, RefusalValue>): Refusal {
  return values[0] ? { key, values: values[0] } : { key };
}

/** A phrase for another refusal's value: plain values only, so a refusal nests one deep. */
export function phrase<K extends RefusalKey>(key: K, ...values: ValuesOf<K, string | number>): Phrase {
  return values[0] ? { key, values: values[0] } : { key };
}

const fill = (text: string, values: Record<string, string> | undefined) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values?.[name] ?? whole);

/** The refusal's sentence in the catalogue's language, its phrases put in the same language. */
export function refusalText(catalogue: RefusalCatalogue, { key, values }: Refusal): string {
  const filled = values
    ? Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          typeof value === 'object'
            ? fill(catalogue[value.key], value.values && stringify(value.values))
            : String(value),
        ]),
      )
    : undefined;
  return fill(catalogue[key], filled);
}

const stringify = (values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));

/** The English sentence: the core's log and the detail every refusal carries. */
export const englishRefusal = (refused: Refusal) => refusalText(refusalsEn, refused);

/** A refusal as an error carries it across IPC: its key and values, and the English for the log. */
export const withEnglish = (refused: Refusal) => ({ ...refused, message: englishRefusal(refused) });

export const REFUSAL_KEYS = Object.keys(refusalsEn) as [RefusalKey, ...RefusalKey[]];
export const isRefusalKey = (key: string): key is RefusalKey => Object.hasOwn(refusalsEn, key);

const plainValue = z.union([z.string().max(2000), z.number()]);
const refusalKey = z.enum(REFUSAL_KEYS);
/** What crosses IPC: a known key, and values that are text, numbers or phrases of known keys. */
export const refusalFields = {
  key: refusalKey,
  values: z
    .record(
      z.string(),
      z.union([
        plainValue,
        z.object({ key: refusalKey, values: z.record(z.string(), plainValue).optional() }),
      ]),
    )
    .optional(),
};
