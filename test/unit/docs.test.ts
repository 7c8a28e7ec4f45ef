// The README and the documents under docs/ name only what exists: each `npm run X` is a script of
// package.json, each `node <file>` a file, each repository path in code a file or folder, each link
// a file (and its #anchor a heading of it), and each folder of the README's map of the code is
// there. A newcomer or a supervisor who follows them finds what they say.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPTS = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts,
);

/** The repository's own folders and root files: a code span starting with one names a path here. */
const REPO_PATH =
  /^(?:(?:\.ci|bench|build|common|common-node|docs|hq|main|preload|renderer|scripts|test)\/[\w./-]*|(?:package|biome|tsconfig[\w.]*)\.json|electron-builder\.yml|vite[\w.]*\.config\.ts|README\.md)$/;
/** A placeholder or a pattern names no one file: `release/<version>/`, `dist/**\/*.map`. */
const PATTERN = /[<>*{}…]/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!.replace(/[`*]/g, ''))));
}

/** Each line of the README's map of the code, as the path it names: "main/", "main/core.ts". */
function mapPaths(text: string): string[] {
  const block = /## The code\n\n```\n([\s\S]*?)```/.exec(text)?.[1];
  if (!block) return [];
  const paths: string[] = [];
  let top = '';
  for (const line of block.split('\n')) {
    const indented = line.startsWith('  ');
    // The names before the description: "main/", "core.ts", or several folders on one line.
    const names = line
      .trim()
      .split(/\s{2,}/)[0]!
      .split(/\s+/)
      .filter((n) => /^[\w.-]+\/?$/.test(n));
    if (!indented && names[0]) top = names[0].endsWith('/') ? names[0] : '';
    for (const name of indented ? names : names.slice(0, 1)) paths.push(indented ? `${top}${name}` : name);
  }
  return paths;
}

/** What a document (at `file`, holding `text`) names that does not exist, one line each. */
export function brokenReferences(file: string, text: string): string[] {
  const broken: string[] = [];
  const here = relative(ROOT, file);
  for (const [, script] of text.matchAll(/npm run (?:--?[\w-]+ )*([\w:-]+)/g)) {
    if (!SCRIPTS.includes(script!)) broken.push(`${here}: npm run ${script} (no such script)`);
  }
  const code = [
    ...[...text.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n')),
    ...[...text.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!),
  ];
  for (const line of code) {
    for (const [, target] of line.matchAll(/\bnode (?:--?[\w-]+ )*([\w./-]+\.[cm]?[jt]s)\b/g)) {
      if (!existsSync(join(ROOT, target!))) broken.push(`${here}: node ${target} (no such file)`);
    }
    for (const word of line.split(/\s+/)) {
      const path = word.replace(/^[("'[]+|[)"',.:;\]]+$/g, '');
      if (REPO_PATH.test(path) && !PATTERN.test(path) && !existsSync(join(ROOT, path))) {
        broken.push(`${here}: ${path} (no such path)`);
      }
    }
  }
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]+`/g, '');
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target!)) continue;
    const [path, anchor] = target!.split('#') as [string, string | undefined];
    const linked = path ? resolve(dirname(file), decodeURI(path)) : file;
    if (!existsSync(linked)) broken.push(`${here}: (${target}) (no such file)`);
    else if (anchor && linked.endsWith('.md') && !anchors(linked).has(decodeURIComponent(anchor))) {
      broken.push(`${here}: (${target}) (no such heading)`);
    }
  }
  for (const path of mapPaths(text)) {
    if (!existsSync(join(ROOT, path))) broken.push(`${here}: ${path} (in the map of the code; no such path)`);
  }
  return broken;
}

const DOCUMENTS = [
  join(ROOT, 'README.md'),
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name)),
];

test('every command, file, path and link the README and docs/*.md name exists', () => {
  const readme = readFileSync(DOCUMENTS[0]!, 'utf8');
  assert.ok(mapPaths(readme).length > 30, 'the README has its map of the code');
  assert.deepEqual(
    DOCUMENTS.flatMap((file) => brokenReferences(file, readFileSync(file, 'utf8'))),
    [],
  );
});

test('a name that does not exist is caught, whichever way a document names it', () => {
  const file = join(ROOT, 'docs', 'planted.md');
  const text = [
    '# Planted',
    'Run `npm run no-such-script`, then `node scripts/no-such.ts` and read `main/no-such/file.ts`.',
    'See [the guide](supervisor.md#no-such-heading) and [a file](no-such.md), ![a picture](screenshots/en/no-such.png).',
    'Kept: `npm run build`, `docs/supervisor.md`, [the guide](supervisor.md#the-close), `release/<version>/`.',
    '## The code',
    '',
    '```',
    'main/                 the core',
    '  no-such/           a folder that is not there',
    '```',
  ].join('\n');
  assert.deepEqual(brokenReferences(file, text), [
    'docs/planted.md: npm run no-such-script (no such script)',
    'docs/planted.md: node scripts/no-such.ts (no such file)',
    'docs/planted.md: scripts/no-such.ts (no such path)',
    'docs/planted.md: main/no-such/file.ts (no such path)',
    'docs/planted.md: (supervisor.md#no-such-heading) (no such heading)',
    'docs/planted.md: (no-such.md) (no such file)',
    'docs/planted.md: (screenshots/en/no-such.png) (no such file)',
    'docs/planted.md: main/no-such/ (in the map of the code; no such path)',
  ]);
});
