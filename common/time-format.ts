// How a time reads wherever the agent or the payer reads it: the screens (renderer/shared/hooks/
// useFormat.ts) and the paper (main/receipts/html.ts) take the same options, so a receipt says
// "Nov 22, 2026, 06:15 PM GMT+5" where the screen beside it does, and not "18:15" in another shape.
import { spellsMonths } from './enums.ts';

/**
 * Date and clock to the minute, with the zone, in a language (i18next's code: en, ru, kk).
 * dateStyle/timeStyle cannot carry a zone name, so the parts are spelled out.
 */
export function stampOptions(language: string): Intl.DateTimeFormatOptions {
  return {
    year: 'numeric',
    month: spellsMonths(language) ? 'short' : '2-digit',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
}
