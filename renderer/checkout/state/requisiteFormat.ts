/**
 * Requisites with a format the desk knows. Only what is plainly layout is taken out of what the
 * agent typed (spaces, dashes, brackets, dots; a Kazakh 8 for +7); anything else is sent as typed,
 * since the gateway, not the desk, decides what it accepts. A value that still looks wrong gets a
 * word of caution, never a refusal.
 */
export type RequisiteFormat = 'phone' | 'card' | 'iban';

/** By the requisite's name or its title, as the gateway names it. */
export function formatOf(requisite: { name: string; title?: string }): RequisiteFormat | null {
  const words = `${requisite.name} ${requisite.title ?? ''}`;
  if (/iban/i.test(words)) return 'iban';
  if (/phone|msisdn|mobile|телефон/i.test(words)) return 'phone';
  if (/card.?(number|no\b)|^pan$|номер карты/i.test(words)) return 'card';
  return null;
}

/**
 * The value as it is sent: trimmed always; with the layout taken out where the format is known and
 * what remains is plainly of that format. Anything else goes as typed, for the gateway to judge.
 */
export function normalise(
  format: RequisiteFormat | null,
  typed: string,
  country: string | undefined,
): string {
  const value = typed.trim();
  switch (format) {
    case 'phone': {
      const compact = value.replace(/[\s\-().]/g, '');
      if (!/^\+?\d+$/.test(compact)) return value;
      // In Kazakhstan 8 is dialled for +7: 8 701 123 45 67 is +7 701 123 45 67.
      return country === 'KZ' && /^8\d{10}$/.test(compact) ? `+7${compact.slice(1)}` : compact;
    }
    case 'card': {
      const compact = value.replace(/[\s-]/g, '');
      return /^\d+$/.test(compact) ? compact : value;
    }
    case 'iban': {
      const compact = value.replace(/\s/g, '').toUpperCase();
      return /^[A-Z0-9]+$/.test(compact) ? compact : value;
    }
    default:
      return value;
  }
}

/** Whether a normalised value has the usual shape; false only asks the agent to check it. */
export function looksRight(format: RequisiteFormat, value: string): boolean {
  switch (format) {
    case 'phone':
      return /^\+?\d{10,15}$/.test(value);
    case 'card':
      return /^\d{12,19}$/.test(value);
    case 'iban':
      return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(value);
  }
}

/**
 * A real-looking example in the method's own country, for the hint under the field: a Turkish
 * payer's phone is not a Kazakh one. Countries not listed get the hint without an example.
 */
const EXAMPLES: Record<string, Partial<Record<'phone' | 'iban', string>>> = {
  KZ: { phone: '+77011234567', iban: 'KZ86125KZT5004100100' },
  TR: { phone: '+905321234567', iban: 'TR330006100519786457841326' },
  UZ: { phone: '+998901234567' },
  GE: { phone: '+995555123456', iban: 'GE29NB0000000101904917' },
  US: { phone: '+12025550123' },
};

export function exampleOf(format: RequisiteFormat, country: string | undefined): string | null {
  if (format === 'card') return null;
  return (country && EXAMPLES[country]?.[format]) || null;
}
