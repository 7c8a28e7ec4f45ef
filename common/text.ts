// Text PostgreSQL can store. It refuses a NUL character in text and jsonb, and a lone UTF-16
// surrogate in jsonb (JSON.stringify writes it as a \udXXX escape PostgreSQL rejects); a desk
// whose journal holds one would have that batch refused at the head office forever, and every
// later entry stuck behind it. So the journal contract and the head office's API refuse such text
// at the schema (a 400, never a 500), and the desk cleans it out of what a person types before it
// is ever journalled.
import { z } from 'zod';

// With the u flag a surrogate pair is one astral code point, so \p{Cs} matches lone halves only.
const UNSTORABLE = /[\0\p{Cs}]/u;
const UNSTORABLE_ALL = /[\0\p{Cs}]/gu;

export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/** A string PostgreSQL can store: refine its length and pattern as any string. */
export const text = z.string().refine(isStorableText, 'text without NUL characters or lone surrogates');

/** What a person typed, without the characters PostgreSQL cannot store: a NUL goes, a lone surrogate becomes U+FFFD. */
export const cleanText = (value: string): string =>
  value.replace(UNSTORABLE_ALL, (found) => (found === '\0' ? '' : '\uFFFD'));

/** Free text a person types at the desk (names, reasons, notes, payer fields), cleaned before any other check. */
export const typedText = z.string().overwrite(cleanText);
