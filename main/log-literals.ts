// Known values found by plain substring search, never by a regex built from them: a value the
// agent typed (a payer's requisite full of backslashes) must not be able to stall the event loop.
// Each value is spelled out once in every encoding a body, a URL or a log line may carry it in,
// and one left-to-right scan over the text finds the longest spelling at each position.

/** The shortest spelling that is ever searched; shorter values are not learned (see the redactor). */
const KEY_LENGTH = 4;

const hex4 = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;

/** Each character as `\uXXXX` (a pair of them beyond the BMP) when `escape` says so, JSON's own escapes for the rest. */
function jsonForm(value: string, escapes: (char: string) => boolean, slash: boolean): string {
  let out = '';
  for (const char of value) {
    if (escapes(char)) out += hex4(char.charCodeAt(0)) + (char.length === 2 ? hex4(char.charCodeAt(1)) : '');
    else if (char === '/' && slash) out += '\\/';
    else out += JSON.stringify(char).slice(1, -1);
  }
  return out;
}

const nonAscii = (char: string) => char.charCodeAt(0) > 0x7e;
/** What .NET and Go escape by default: HTML-sensitive characters, `+`, and all non-ASCII. */
const htmlSensitive = (char: string) => nonAscii(char) || `+<>&'"`.includes(char);
const nonAlphanumeric = (char: string) => !/[A-Za-z0-9]/.test(char);
const everyUnit = () => true;

/** The characters of `bytes`' base64url that depend on no byte outside it, at each of the three alignments. */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64url');
    // Leading characters mix in the padding bytes; a trailing one may mix in the byte that follows.
    const head = [0, 2, 3][shift]!;
    const tail = (shift + bytes.length) % 3 === 0 ? 0 : 1;
    const core = encoded.slice(head, encoded.length - tail);
    if (core.length >= 8) cores.push(core);
  }
  return cores;
}

/**
 * Every spelling of `value` searched for: as it is; JSON-escaped (with `\/`, with `\uXXXX` for
 * non-ASCII, for HTML-sensitive characters, for everything not a letter or digit, for every
 * character) and each of those escaped once more; %-encoded; base64 and base64url. `embedded`
 * adds the base64 of the value inside a longer encoded text (a token in `Basic …`), for secrets.
 */
export function encodingsOf(value: string, embedded = false): string[] {
  const json: string[] = [];
  // Stryker disable next-line ArrowFunction: its answer is only tested for truth, and undefined is as false
  for (const escapes of [() => false, nonAscii, htmlSensitive, nonAlphanumeric, everyUnit]) {
    for (const slash of [false, true]) json.push(jsonForm(value, escapes, slash));
  }
  const forms = [value, ...json, ...json.map((form) => JSON.stringify(form).slice(1, -1))];
  const uri = encodeURIComponent(value);
  forms.push(uri, uri.replaceAll('%20', '+'));
  const bytes = Buffer.from(value, 'utf8');
  const base64 = bytes.toString('base64');
  forms.push(base64, base64.replace(/=+$/, ''), bytes.toString('base64url'));
  forms.push(encodeURIComponent(base64));
  if (embedded) {
    for (const core of base64Cores(bytes)) forms.push(core.replaceAll('-', '+').replaceAll('_', '/'), core);
  }
  return [...new Set(forms.filter((form) => form.length >= KEY_LENGTH))];
}

/** Lower-cased without changing any position: a unit whose lower case is longer stays as it is. */
function lowerInPlace(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text[i]!.toLowerCase();
    out += unit.length === 1 ? unit : text[i];
  }
  return out;
}

type Literal = { text: string; replacement: string; rank: number };

/**
 * Literals to replace, matched case-insensitively (hex digits and header names vary in case).
 * At each position the longest literal starting there wins (the lower `rank` on a tie); matched
 * text is skipped, so the scan is one pass of cheap lookups, linear in the text.
 */
export function createLiteralMatcher() {
  const byValue = new Map<string, Literal[]>();
  let index: Map<string, Literal[]> | null = null;
  /** The first two units of every key as one number: most positions are passed over without a lookup string. */
  let pairs = new Set<number>();
  // Stryker disable next-line ArithmeticOperator,ArrowFunction: a pre-filter on both sides alike; a collision costs a lookup, never a match
  const pairAt = (text: string, i: number) => text.charCodeAt(i) * 0x10000 + text.charCodeAt(i + 1);

  function build(): Map<string, Literal[]> {
    const built = new Map<string, Literal[]>();
    pairs = new Set();
    for (const literals of byValue.values()) {
      for (const literal of literals) {
        pairs.add(pairAt(literal.text, 0));
        const key = literal.text.slice(0, KEY_LENGTH);
        const bucket = built.get(key);
        if (bucket) bucket.push(literal);
        else built.set(key, [literal]);
      }
    }
    for (const bucket of built.values()) {
      bucket.sort((a, b) => b.text.length - a.text.length || a.rank - b.rank);
    }
    return built;
  }

  return {
    set(value: string, spellings: string[], replacement: string, rank: number) {
      byValue.delete(value);
      const literals = [...new Set(spellings.map(lowerInPlace))].map((text) => ({ text, replacement, rank }));
      byValue.set(value, literals);
      index = null;
    },
    delete(value: string) {
      if (byValue.delete(value)) index = null;
    },
    replace(text: string): string {
      // Stryker disable next-line ConditionalExpression: a shortcut; the scan finds nothing in such a text either
      if (byValue.size === 0 || text.length < KEY_LENGTH) return text;
      index ??= build();
      const lower = lowerInPlace(text);
      let out = '';
      let copied = 0;
      let i = 0;
      const last = text.length - KEY_LENGTH;
      while (i <= last) {
        const bucket = pairs.has(pairAt(lower, i)) ? index.get(lower.slice(i, i + KEY_LENGTH)) : undefined;
        const found = bucket?.find((literal) => lower.startsWith(literal.text, i));
        if (!found) {
          i++;
          continue;
        }
        out += text.slice(copied, i) + found.replacement;
        i += found.text.length;
        copied = i;
      }
      return out + text.slice(copied);
    },
  };
}
