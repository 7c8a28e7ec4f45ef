// Source maps for a release: built beside every bundle (Vite), left out of the installer
// (electron-builder.yml: "!**/*.map"), and kept per release in release/<version>/sourcemaps/, so a
// stack from a desk's log can be read in the source's own files and lines.
//
//   node scripts/sourcemaps.ts keep                      dist/**/*.map → release/<version>/sourcemaps/
//   node scripts/sourcemaps.ts read <version> [file]     a logged stack (file or stdin), frame by frame
//
// Reading uses Node's own source-map support (node:module SourceMap), so nothing is installed.
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';

/** Every *.map under `dir`, as paths relative to it. */
function mapsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.map'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** Copies the build's maps into `target`, keeping their folders (main/, preload/, renderer/assets/). */
export function keepSourceMaps(distDir: string, target: string): string[] {
  const maps = mapsUnder(distDir);
  for (const map of maps) {
    mkdirSync(dirname(join(target, map)), { recursive: true });
    copyFileSync(join(distDir, map), join(target, map));
  }
  return maps;
}

/** A bundle's frame in a logged stack: its file name, line and column (both 1-based, as V8 prints). */
const FRAME = /([\w.-]+\.c?js):(\d+):(\d+)/g;

/**
 * Each frame of `stack` whose bundle has a kept map, with where it is in the source: one line per
 * frame, "index.js:1:2345 → main/core.ts:88:12 (assembleCore)". Works on a log line's JSON as it is.
 */
export function readStack(stack: string, mapsDir: string): string[] {
  const byBundle = new Map(mapsUnder(mapsDir).map((map) => [basename(map, '.map'), join(mapsDir, map)]));
  const loaded = new Map<string, SourceMap>();
  const out: string[] = [];
  for (const [frame, bundle, line, column] of stack.matchAll(FRAME)) {
    const file = byBundle.get(bundle!);
    if (!file) continue;
    let map = loaded.get(file);
    if (!map) {
      map = new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
      loaded.set(file, map);
    }
    const origin = map.findOrigin(Number(line), Number(column));
    if (!('fileName' in origin)) {
      out.push(`${frame} → (no mapping)`);
      continue;
    }
    // Sources are relative to the map's own folder in dist/ ("../../main/core.ts"): shown from the repo root.
    const source = origin.fileName.replace(/^(\.\.\/)+/, '');
    const name = origin.name ? ` (${origin.name})` : '';
    out.push(`${frame} → ${source}:${origin.lineNumber}:${origin.columnNumber}${name}`);
  }
  return out;
}

function main(args: string[]): void {
  const root = join(import.meta.dirname, '..');
  const [command, version, file] = args;
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  if (command === 'keep') {
    const target = join(root, 'release', pkg.version, 'sourcemaps');
    const kept = keepSourceMaps(join(root, 'dist'), target);
    process.stdout.write(`${kept.length} source maps kept in ${relative(root, target)}\n`);
    return;
  }
  if (command === 'read' && version) {
    const stack = readFileSync(file ?? 0, 'utf8');
    const lines = readStack(stack, join(root, 'release', version, 'sourcemaps'));
    process.stdout.write(
      lines.length ? `${lines.join('\n')}\n` : 'No frame of a kept bundle in that text.\n',
    );
    return;
  }
  process.stderr.write('usage: node scripts/sourcemaps.ts keep | read <version> [stack-file]\n');
  process.exitCode = 2;
}

if (import.meta.main) main(process.argv.slice(2));
