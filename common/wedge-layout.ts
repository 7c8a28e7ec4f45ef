// A keyboard-wedge scanner sends key positions, not characters, so what it types depends on the
// keyboard layout the desk has active. Codes meant for scanning are read back through here.

/**
 * A wedge scanner sends key positions, not characters: with the Russian layout active,
 * "CD1:1001:T01-…" arrives as "СВ1Ж1001ЖЕ01-…". Mapped back key by key to the US layout, it reads
 * as scanned. Text without a Cyrillic letter is returned as it came.
 */
export function fromRussianLayout(text: string): string {
  if (!/[А-яЁё№]/.test(text)) return text;
  return [...text].map((ch) => RU_TO_US.get(ch) ?? ch).join('');
}

const RU_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбю.ё';
const US_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,./`";
const RU_SHIFTED = 'ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,Ё№';
const US_SHIFTED = 'QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>?~#';
const RU_TO_US = new Map<string, string>([
  ...[...RU_KEYS].map((ch, i): [string, string] => [ch, US_KEYS[i]!]),
  ...[...RU_SHIFTED].map((ch, i): [string, string] => [ch, US_SHIFTED[i]!]),
]);
