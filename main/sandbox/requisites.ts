// What each requisite kind accepts and how retrieval disguises it. The spec says values may differ
// between creation and retrieval; masking makes that visible in training so the app never relies
// on reading a card or phone number back.
import type { RequisiteKind } from './catalogue.ts';

type KindRule = { pattern: RegExp; rule: string; mask?: (value: string) => string };

const MAX_TEXT_LENGTH = 128;

const RULES: Record<RequisiteKind, KindRule> = {
  name: { pattern: /\S/, rule: `must be 1-${MAX_TEXT_LENGTH} characters, not only spaces` },
  text: { pattern: /\S/, rule: `must be 1-${MAX_TEXT_LENGTH} characters, not only spaces` },
  phone: {
    pattern: /^\+?\d{10,15}$/,
    rule: 'must be 10-15 digits with an optional leading +',
    mask: (v) => v.replace(/\d(?=\d{4})/g, '*'),
  },
  card: {
    pattern: /^\d{16,19}$/,
    rule: 'must be 16-19 digits',
    mask: (v) => `**** **** **** ${v.slice(-4)}`,
  },
  account: {
    pattern: /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/,
    rule: 'must be an IBAN: two capital letters, two digits, then 10-30 capital letters or digits',
    mask: (v) => `${v.slice(0, 2)}${'*'.repeat(v.length - 6)}${v.slice(-4)}`,
  },
};

/** The reason a value is refused, or undefined when it is acceptable. */
export function requisiteValueProblem(kind: RequisiteKind, value: string): string | undefined {
  if (value.trim() === '') return 'must not be empty';
  const { pattern, rule } = RULES[kind];
  if (value.length > MAX_TEXT_LENGTH || !pattern.test(value)) return rule;
  return undefined;
}

export function maskRequisiteValue(kind: RequisiteKind, value: string): string {
  return RULES[kind].mask?.(value) ?? value;
}
