// The security gate: Electronegativity over the app's own sources (main, preload, renderer). Any
// HIGH or MEDIUM finding fails the tests, and so does an `eng-disable` comment that gives no reason.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SCANNED = ['main', 'preload', 'renderer'];
const MEDIUM = 2; // Electronegativity's severity values: INFORMATIONAL 0, LOW 1, MEDIUM 2, HIGH 3.

type Finding = {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string; value: number };
  confidence: { name: string };
  description: string;
  shortenedURL: string;
  sample?: string;
  manualReview: boolean;
};
type ScanResult = { issues: Finding[]; errors: { file: string; message: string }[] };
type Run = (options: {
  input: string;
  isRelative: boolean;
  electronVersionOverride: string;
  excludeFromScan: string[];
}) => Promise<ScanResult>;

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const runner = require.resolve('@doyensec/electronegativity');
// Each run fetches translations from S3 with `got`, and a failed fetch can throw later from a
// timer. The tests stay offline: got answers "not found", and the bundled English texts are used.
const got = createRequire(runner).resolve('got');
require.cache[got] = { exports: async () => ({ statusCode: 404, body: '' }) } as unknown as NodeJS.Module;
// It parses TypeScript with typescript-estree, which takes whichever `typescript` it finds up the
// tree: the app's is TypeScript 7, whose package has no JavaScript compiler API. Electronegativity's
// own TypeScript 4.2 is one that typescript-estree supports, so that one it gets.
const estree = createRequire(runner).resolve('@typescript-eslint/typescript-estree');
require.cache[createRequire(estree).resolve('typescript')] = {
  exports: createRequire(runner)('typescript'),
} as unknown as NodeJS.Module;
const run = require(runner) as Run;
const electronVersion = (require('electron/package.json') as { version: string }).version;

/** Scans `dirs` of `from` as one app, so the global checks see main's handlers for the renderer. */
async function scan(from: string, dirs: string[]): Promise<ScanResult> {
  const input = mkdtempSync(join(tmpdir(), 'cashdesk-eng-'));
  try {
    for (const dir of dirs) cpSync(join(from, dir), join(input, dir), { recursive: true });
    return await run({
      input,
      isRelative: true,
      electronVersionOverride: electronVersion,
      // It downloads Electron's release notes from GitHub, and reads only package.json, which is
      // not scanned here; staying on a current Electron is on the release checklist instead.
      excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    });
  } finally {
    rmSync(input, { recursive: true, force: true });
  }
}

function describe(finding: Finding): string {
  const where = finding.location.line > 0 ? `${finding.file}:${finding.location.line}` : 'the whole app';
  const sample = finding.sample?.trim() ? `\n    ${finding.sample.trim()}` : '';
  const review = finding.manualReview ? ' (review, then fix or eng-disable with a reason)' : '';
  return `${finding.severity.name} ${finding.id} at ${where}${review}${sample}\n    ${finding.description} ${finding.shortenedURL}`;
}

/** The lines whose `eng-disable` lacks the form `eng-disable CHECK_ID [CHECK_ID…]: reason`. */
function unexplainedDisables(text: string): string[] {
  return text.split('\n').filter((line) => {
    if (!line.includes('eng-disable')) return false;
    const reason = /eng-disable[ \t]+[\w \t,]+?[ \t]*(?::|—|--)(.*)$/.exec(line)?.[1];
    return (reason?.replace(/\*\/|-->/g, '').trim().length ?? 0) < 10;
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]sx?|html?)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

test('Electronegativity finds nothing HIGH or MEDIUM in main, preload and renderer', async (t) => {
  const { issues, errors } = await scan(root, SCANNED);
  assert.deepEqual(
    errors,
    [],
    'Electronegativity could not parse these files, so it checked nothing in them',
  );
  for (const finding of issues.filter((f) => f.severity.value < MEDIUM)) t.diagnostic(describe(finding));
  const gated = issues.filter((f) => f.severity.value >= MEDIUM);
  assert.equal(gated.length, 0, `\n${gated.map(describe).join('\n')}`);
});

test('every eng-disable comment names its checks and says why', () => {
  const unexplained = SCANNED.flatMap((dir) =>
    sourceFiles(join(root, dir)).flatMap((file) =>
      unexplainedDisables(readFileSync(file, 'utf8')).map(
        (line) => `${file.slice(root.length)}: ${line.trim()}`,
      ),
    ),
  );
  assert.deepEqual(unexplained, [], 'write `// eng-disable CHECK_ID: why this is safe here`');
});

test('the reason rule accepts a reasoned eng-disable and refuses a bare one', () => {
  assert.deepEqual(
    unexplainedDisables(
      [
        'preload: file, // eng-disable PRELOAD_JS_CHECK: our own bundled preload, reviewed',
        'x, /* eng-disable AUXCLICK_JS_CHECK -- no window can open, see setWindowOpenHandler */',
        'y, // eng-disable PRELOAD_JS_CHECK',
        'z, // eng-disable PRELOAD_JS_CHECK because',
        'w, // eng-disable PRELOAD_JS_CHECK: ok',
      ].join('\n'),
    ),
    [
      'y, // eng-disable PRELOAD_JS_CHECK',
      'z, // eng-disable PRELOAD_JS_CHECK because',
      'w, // eng-disable PRELOAD_JS_CHECK: ok',
    ],
  );
});

test('Electronegativity parses TypeScript and TSX, so the gate is not passing on unread files', async () => {
  const fixture = mkdtempSync(join(tmpdir(), 'cashdesk-eng-fixture-'));
  const unsafeWindow = 'new BrowserWindow({ webPreferences: { webSecurity: false } })';
  const files = {
    'main/window.ts': `import type { BrowserWindowConstructorOptions } from 'electron';
      import { BrowserWindow } from 'electron';
      const size = { width: 800 } satisfies BrowserWindowConstructorOptions;
      export function open<T extends object>(extra: T): BrowserWindow {
        return ${unsafeWindow};
      }`,
    'renderer/Panel.tsx': `type Props<T> = { items: readonly T[] };
      export function Panel<T,>({ items }: Props<T>) {
        const w = ${unsafeWindow};
        return <ul>{items.map((item, i) => <li key={i}>{String(item as unknown)}</li>)}</ul>;
      }`,
  };
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, file)), { recursive: true });
      writeFileSync(join(fixture, file), text);
    }
    const { issues, errors } = await scan(fixture, ['main', 'renderer']);
    assert.deepEqual(errors, []);
    const found = issues
      .filter((f) => f.id === 'WEB_SECURITY_JS_CHECK' && f.severity.value >= MEDIUM)
      .map((f) => f.file.replaceAll('\\', '/'))
      .sort();
    assert.deepEqual(found, ['main/window.ts', 'renderer/Panel.tsx']);
  } finally {
    rmSync(fixture, { recursive: true, force: true });
  }
});
