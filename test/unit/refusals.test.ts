// The core's refusals are keys of one catalogue in three languages: every key is said in each
// language with the same values, Russian and Kazakh say it in Cyrillic rather than leaving English
// prose behind, every key is raised somewhere, and main never throws a sentence of its own.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { LANGUAGES } from '../../common/enums.ts';
import { refusalsEn } from '../../common/i18n/refusals.en.ts';
import { refusalsKk } from '../../common/i18n/refusals.kk.ts';
import { refusalsRu } from '../../common/i18n/refusals.ru.ts';
import {
  englishRefusal,
  phrase,
  REFUSAL_KEYS,
  type RefusalCatalogue,
  refusal,
  refusalText,
} from '../../common/refusal.ts';

const ROOT = join(import.meta.dirname, '../..');
const CATALOGUES: Record<string, RefusalCatalogue> = { en: refusalsEn, ru: refusalsRu, kk: refusalsKk };

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))].sort();

/**
 * Latin words a Cyrillic sentence may keep: codes, product and format names, and the document it
 * points to. Anything else Latin of three letters or more is English left untranslated.
 */
const LATIN_TOKENS = /\b(?:CashDesk|README|KZT|PIN|IIN|HTTP|PDF|JSON|ID|Ed25519|zip)\b/g;
const untranslated = (text: string) =>
  text
    .replace(/\{\{\w+\}\}/g, '')
    .replace(/https?:\/\/\S*/g, '')
    .replace(LATIN_TOKENS, '')
    .match(/[A-Za-z]{3,}/g) ?? [];
/** English prose: at least two words of letters (a bare placeholder or a code is not prose). */
const isProse = (text: string) => (text.replace(/\{\{\w+\}\}/g, '').match(/[A-Za-z]{2,}/g) ?? []).length >= 2;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The second argument of each `new AgentError(` call: what it is given as its reason. */
function agentErrorReasons(source: string): string[] {
  const reasons: string[] = [];
  for (const match of source.matchAll(/new AgentError\(/g)) {
    let depth = 0;
    let i = match.index + match[0].length;
    // Skip the kind: up to the first comma outside brackets and strings.
    for (; i < source.length; i += 1) {
      const c = source[i]!;
      if (c === "'" || c === '"' || c === '`') i = source.indexOf(c, i + 1);
      else if ('([{'.includes(c)) depth += 1;
      else if (')]}'.includes(c)) depth -= 1;
      else if (c === ',' && depth === 0) break;
    }
    reasons.push(
      source
        .slice(i + 1)
        .trimStart()
        .slice(0, 60),
    );
  }
  return reasons;
}

test('the languages of the refusals are the desk’s languages', () => {
  assert.deepEqual(Object.keys(CATALOGUES), [...LANGUAGES]);
});

for (const language of ['ru', 'kk'] as const) {
  test(`${language}: every refusal key, with the English values, and no English prose left`, () => {
    const own = CATALOGUES[language]!;
    assert.deepEqual(Object.keys(own).sort(), [...REFUSAL_KEYS].sort(), 'the keys are the English ones');
    const left: string[] = [];
    for (const key of REFUSAL_KEYS) {
      const english = refusalsEn[key];
      const text = own[key];
      assert.ok(text?.trim(), `${key} is empty`);
      assert.deepEqual(placeholders(text), placeholders(english), `${key}: its values`);
      if (isProse(english) && untranslated(text).length) left.push(`${key}: ${untranslated(text).join(' ')}`);
    }
    assert.deepEqual(left, [], 'Latin prose in the translation');
    assert.ok(
      Object.values(own).every((text) => /[А-Яа-яЁё]/.test(text) || !isProse(text)),
      'every sentence is Cyrillic',
    );
  });
}

test('Kazakh says the refusals in Kazakh, not in Russian', () => {
  const kazakh = Object.values(refusalsKk).filter((text) => /[ӘәҒғҚқҢңӨөҰұҮүҺһІі]/.test(text));
  assert.ok(
    kazakh.length > Object.keys(refusalsKk).length * 0.6,
    `${kazakh.length} entries with Kazakh letters`,
  );
});

test('every key renders in every language, each of its values in place', () => {
  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    for (const key of REFUSAL_KEYS) {
      const values = Object.fromEntries(placeholders(refusalsEn[key]).map((name) => [name, `<${name}>`]));
      const text = refusalText(catalogue, { key, values });
      assert.doesNotMatch(text, /\{\{|\}\}/, `${language} ${key}`);
      for (const name of Object.keys(values))
        assert.ok(text.includes(`<${name}>`), `${language} ${key}: ${name}`);
    }
  }
});

test('a phrase given as a value is said in the same language as the refusal', () => {
  const refused = refusal('staff.needsSupervisorPin', { what: phrase('action.releasePayout') });
  assert.equal(englishRefusal(refused), 'Releasing a payout to the branch needs the supervisor PIN.');
  assert.equal(refusalText(refusalsRu, refused), 'Передача выплаты филиалу: нужен PIN старшего кассира.');
  assert.equal(refusalText(refusalsKk, refused), 'Төлемді филиалға беру: аға кассир PIN-коды керек.');
  const locked = refusal('pin.lockedOut', {
    owner: phrase('owner.operator', { name: 'Aigerim' }),
    failures: 10,
    unlock: phrase('unlock.operator'),
  });
  assert.match(refusalText(refusalsRu, locked), /^Кассир Aigerim: .*\(10\)\. .*старший кассир/);
});

test('every key is raised somewhere: the catalogue holds no reason nothing gives', () => {
  const code = ['main', 'hq', 'common']
    .flatMap((dir) => [...sources(dir)])
    .filter((path) => !path.startsWith(join('common', 'i18n')))
    .map((path) => readFileSync(join(ROOT, path), 'utf8'))
    .join('\n');
  assert.deepEqual(
    REFUSAL_KEYS.filter((key) => !code.includes(`'${key}'`)),
    [],
  );
});

test('main throws no sentence: every AgentError is given a refusal key, never a literal', () => {
  const thrown: string[] = [];
  let calls = 0;
  for (const path of sources('main')) {
    for (const reason of agentErrorReasons(readFileSync(join(ROOT, path), 'utf8'))) {
      calls += 1;
      if (/^['"`]/.test(reason)) thrown.push(`${path}: ${reason}`);
    }
  }
  assert.ok(calls > 100, `${calls} AgentErrors found`);
  assert.deepEqual(thrown, []);
});

test('the scan sees a sentence wherever the reason starts, and a key as a key', () => {
  const reasons = agentErrorReasons(`
    throw new AgentError('conflict', 'The drawer changed hands meanwhile.');
    throw new AgentError(kind ? 'a' : 'b', \`Shift \${id} has no Z report.\`, { field: 'x' });
    throw new AgentError(
      'validation',
      "A PIN, please.",
    );
    throw new AgentError(error.kind, refusal('shift.closing'), { localId });
    throw new AgentError('locked', refused, { field: 'pin' });
  `);
  assert.deepEqual(
    reasons.map((reason) => /^['"`]/.test(reason)),
    [true, true, true, false, false],
  );
});
