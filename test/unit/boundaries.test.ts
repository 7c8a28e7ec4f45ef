// What runs where (GUIDE §3) is enforced by the per-runtime TypeScript projects and Biome's import
// rules. This plants one violation per rule in a scratch copy of those rules (the configs, common/
// and the runtimes' declarations, not the whole repo), runs `npm run typecheck` and `npm run lint`
// there once each, and checks that each planted file is reported for its own reason and nothing
// else is.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

type Plant = {
  what: string;
  file: string;
  source: string;
  /** The TypeScript error code it must cause, if the types catch it. */
  tsc?: string;
  /** The lint diagnostic (`rule: message`) it must cause, if lint catches it. */
  lint?: RegExp;
};

const lintSays = (text: string) => new RegExp(`^lint/style/noRestrictedImports: .*${text}`);

const PLANTS: Plant[] = [
  {
    what: 'renderer imports node:fs',
    file: 'renderer/planted-node-fs.ts',
    source: "import { readFileSync } from 'node:fs';\n\nexport const read = readFileSync;\n",
    tsc: 'TS2591',
    lint: lintSays('no Node built-ins'),
  },
  {
    what: 'renderer imports fs by its bare name',
    file: 'renderer/planted-bare-fs.ts',
    source: "import { readFileSync } from 'fs';\n\nexport const read = readFileSync;\n",
    tsc: 'TS2591',
    lint: lintSays('no Node built-ins'),
  },
  {
    what: 'renderer imports from main/',
    file: 'renderer/planted-imports-main.ts',
    source: "import { leaf } from '../main/planted-leaf.ts';\n\nexport const fromMain = leaf;\n",
    tsc: 'TS6307',
    lint: lintSays('imports only renderer/ and common/'),
  },
  {
    // A .js file, which only lint reads: through electron's types, Node's would enter the renderer's
    // TypeScript program and hide the node:fs plants above from the typecheck.
    what: 'renderer imports electron',
    file: 'renderer/planted-electron.js',
    source: "import { ipcRenderer } from 'electron';\n\nexport const ipc = ipcRenderer;\n",
    lint: lintSays('window.cashdesk'),
  },
  {
    what: 'common imports node:path',
    file: 'common/planted-node-path.ts',
    source: "import { join } from 'node:path';\n\nexport const joined = join('a', 'b');\n",
    tsc: 'TS2591',
    lint: lintSays('no Node built-ins'),
  },
  {
    what: 'the head-office dashboard imports the head-office server',
    file: 'hq/dashboard/planted-imports-server.ts',
    source: "import { pgDb } from '../server/db.ts';\n\nexport const db = pgDb;\n",
    lint: lintSays('imports only hq/dashboard and common/'),
  },
  {
    what: 'the head-office dashboard imports node:crypto',
    file: 'hq/dashboard/planted-node-crypto.ts',
    source: "import { randomBytes } from 'node:crypto';\n\nexport const bytes = randomBytes;\n",
    lint: lintSays('no Node built-ins'),
  },
  {
    what: 'common imports a package other than zod and big.js',
    file: 'common/planted-package.ts',
    source: "import { useState } from 'react';\n\nexport const hook = useState;\n",
    lint: lintSays('only zod and big.js'),
  },
  {
    what: 'common-node imports from main/',
    file: 'common-node/planted-imports-main.ts',
    source: "import { leaf } from '../main/planted-leaf.ts';\n\nexport const fromMain = leaf;\n",
    tsc: 'TS6307',
    lint: lintSays('imports only itself, common/ and Node'),
  },
  {
    what: 'common uses document',
    file: 'common/planted-document.ts',
    source: 'export const title = (): string => document.title;\n',
    tsc: 'TS2584',
  },
  {
    what: 'main uses document',
    file: 'main/planted-document.ts',
    source: 'export const title = (): string => document.title;\n',
    tsc: 'TS2584',
  },
  {
    what: 'a main file outside the shell imports electron',
    file: 'main/planted-electron.ts',
    source: "import { app } from 'electron';\n\nexport const quit = () => app.quit();\n",
    lint: lintSays('Only main/index.ts and main/electron/ import electron'),
  },
  {
    what: 'preload imports node:fs',
    file: 'preload/planted-node-fs.ts',
    source: "import { readFileSync } from 'node:fs';\n\nexport const read = readFileSync;\n",
    lint: lintSays('cannot load Node built-ins'),
  },
  {
    what: 'preload imports from main/',
    file: 'preload/planted-imports-main.ts',
    source: "import { leaf } from '../main/planted-leaf.ts';\n\nexport const fromMain = leaf;\n",
    tsc: 'TS6307',
    lint: lintSays('imports only electron and common/'),
  },
  // Allowed, so these must stay clean: the target of the cross imports above, and electron in main/electron/.
  {
    what: 'a plain main module',
    file: 'main/planted-leaf.ts',
    source: "export const leaf = 'main';\n",
  },
  {
    what: 'a file under main/electron/ imports electron',
    file: 'main/electron/planted-allowed.ts',
    source: "import { app } from 'electron';\n\nexport const quit = () => app.quit();\n",
  },
];

/** The runtimes whose TypeScript projects and lint rules the plants test. */
const RUNTIMES = ['common', 'common-node', 'main', 'preload', 'renderer'];

/**
 * What draws the boundaries, and nothing else: the scripts (package.json), biome.json, the
 * TypeScript configs, each runtime's declarations (*.d.ts), common/, which every other runtime
 * references (the renderer's declarations import its contract), and the preload's one file. The rest of the sources are left
 * out: the plants are checked against the rules, not the whole app, so both scripts take seconds
 * instead of a cold `tsc -b` over every file.
 */
function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-boundaries-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  });
  const rules = (file: string) =>
    /^(package\.json|biome\.jsonc?|tsconfig[^/]*\.json)$/.test(file) ||
    RUNTIMES.some(
      (runtime) =>
        file === `${runtime}/tsconfig.json` ||
        (file.startsWith(`${runtime}/`) &&
          !file.slice(runtime.length + 1).includes('/') &&
          file.endsWith('.d.ts')),
    ) ||
    file.startsWith('common/') ||
    // main/ references common-node/, as it does common/: the copy needs its sources too.
    file.startsWith('common-node/') ||
    // The preload's one file imports electron, whose types bring Node's: the copy must see them too.
    file.startsWith('preload/');
  for (const file of listed.split('\0')) {
    if (!file || !rules(file) || !existsSync(join(repo, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(repo, file), join(dir, file));
  }
  // Linked entry by entry, not as one link: `tsc -b` writes its cache into node_modules/.cache,
  // and the copy's cache must not overwrite the repo's. A worktree's node_modules holds links.
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(repo, 'node_modules'), { withFileTypes: true })) {
    if ((entry.isDirectory() || entry.isSymbolicLink()) && entry.name !== '.cache') {
      symlinkSync(join(repo, 'node_modules', entry.name), join(dir, 'node_modules', entry.name), 'junction');
    }
  }
  return dir;
}

type Run = { status: number | null; output: string; byFile: Map<string, string[]> };

function runScript(cwd: string, script: string, args: string[], line: RegExp): Run {
  const run = spawnSync('npm', ['run', '--silent', script, '--', ...args], { cwd, encoding: 'utf8' });
  const byFile = new Map<string, string[]>();
  const output = run.stdout + run.stderr;
  for (const match of output.matchAll(line)) {
    const [, file, reason] = match as unknown as [string, string, string];
    byFile.set(file, [...(byFile.get(file) ?? []), reason]);
  }
  return { status: run.status, output, byFile };
}

describe('process boundaries', () => {
  let dir: string;
  let typecheck: Run;
  let lint: Run;

  before(() => {
    dir = scratchCopy();
    for (const plant of PLANTS) {
      mkdirSync(dirname(join(dir, plant.file)), { recursive: true });
      writeFileSync(join(dir, plant.file), plant.source);
    }
    // Only the runtimes' projects, where the plants are; test/ and bench/ are not in the copy.
    // `file(line,col): error TSnnnn: …`, keeping the code.
    typecheck = runScript(
      dir,
      'typecheck',
      [...RUNTIMES, '--pretty', 'false'],
      /^(\S+)\(\d+,\d+\): error (TS\d+): /gm,
    );
    // `× file[:line:col]: rule: message`, keeping rule and message; errors only, as they fail the script.
    lint = runScript(
      dir,
      'lint',
      ['--reporter=concise', '--max-diagnostics=none', '--colors=off'],
      /^× (\S+?)(?::\d+:\d+)?: (.+)$/gm,
    );
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the planted copy fails both scripts', () => {
    assert.notEqual(typecheck.status, 0, typecheck.output);
    assert.notEqual(lint.status, 0, lint.output);
  });

  for (const plant of PLANTS) {
    test(plant.what, () => {
      assert.deepEqual(
        typecheck.byFile.get(plant.file) ?? [],
        plant.tsc ? [plant.tsc] : [],
        typecheck.output,
      );
      const said = lint.byFile.get(plant.file) ?? [];
      assert.equal(said.length, plant.lint ? 1 : 0, lint.output);
      if (plant.lint) assert.match(said[0]!, plant.lint);
    });
  }

  test('nothing outside the planted files is reported', () => {
    const planted = new Set(PLANTS.map((p) => p.file));
    const others = (run: Run) => [...run.byFile.keys()].filter((file) => !planted.has(file));
    assert.deepEqual(others(typecheck), [], typecheck.output);
    assert.deepEqual(others(lint), [], lint.output);
  });
});
