// main/'s layering is enforced by Biome (biome.json): lower layers never import upper ones, only the
// shell imports the composition root, and no import cycle (type-only imports included) exists in
// main/. This lints small planted files in a scratch folder with the repo's own config, checks each
// is reported for its own rule and the allowed ones for nothing, then that main/ itself is clean.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const biome = join(repo, 'node_modules/.bin/biome');

/** Each file planted, and the rule it must break (none: it must pass). */
const PLANTS: { file: string; source: string; breaks: string | null }[] = [
  {
    file: 'main/store/imports-gateway.ts',
    source: "import { createGateways } from '../gateway/gateways.ts';\n\nexport const up = createGateways;\n",
    breaks: 'noRestrictedImports',
  },
  {
    file: 'main/store/imports-wire-shapes.ts',
    source: "import type { Payer } from '../gateway/schemas.ts';\n\nexport type Shape = Payer;\n",
    breaks: null,
  },
  {
    // A feature's tables are the feature's: the store is given no repository of one.
    file: 'main/store/imports-headoffice.ts',
    source:
      "import { createDeskJournalRepo } from '../headoffice/desk-journal-repo.ts';\n\nexport const repo = createDeskJournalRepo;\n",
    breaks: 'noRestrictedImports',
  },
  {
    file: 'main/staff/imports-headoffice.ts',
    source:
      "import type { HeadOffice } from '../headoffice/head-office.ts';\n\nexport type H = HeadOffice;\n",
    breaks: 'noRestrictedImports',
  },
  {
    file: 'main/headoffice/imports-shift.ts',
    source: "import type { Shifts } from '../shift/shifts.ts';\n\nexport type S = Shifts;\n",
    breaks: 'noRestrictedImports',
  },
  {
    file: 'main/headoffice/imports-staff.ts',
    source: "import type { Supervisor } from '../staff/supervisor.ts';\n\nexport type S = Supervisor;\n",
    breaks: null,
  },
  {
    file: 'main/gateway/imports-settings.ts',
    source: "import type { Svc } from '../settings/service.ts';\n\nexport type S = Svc;\n",
    breaks: 'noRestrictedImports',
  },
  {
    file: 'main/settings/imports-store.ts',
    source: "import type { Repo } from '../store/settings.ts';\n\nexport type R = Repo;\n",
    breaks: null,
  },
  {
    file: 'main/lookups/imports-checkout.ts',
    source: "import type { Checkout } from '../checkout/checkout.ts';\n\nexport type C = Checkout;\n",
    breaks: 'noRestrictedImports',
  },
  {
    file: 'main/receipts/imports-core.ts',
    source: "import type { CoreOptions } from '../core-types.ts';\n\nexport type O = CoreOptions;\n",
    breaks: 'noRestrictedImports',
  },
  {
    file: 'main/headoffice/imports-hq.ts',
    source: "import { entryHash } from '../../hq/server/ingest.ts';\n\nexport const hash = entryHash;\n",
    breaks: 'noRestrictedImports',
  },
  {
    // The shell may import electron and the composition root, and still never the head office.
    file: 'main/electron/imports-hq.ts',
    source: "import type { Db } from '../../hq/server/db.ts';\n\nexport type D = Db;\n",
    breaks: 'noRestrictedImports',
  },
  {
    file: 'main/headoffice/imports-common-node.ts',
    source:
      "import { sealEntry } from '../../common-node/journal-hash.ts';\n\nexport const seal = sealEntry;\n",
    breaks: null,
  },
  {
    file: 'main/shift/cycle-a.ts',
    source: "import { b } from './cycle-b.ts';\n\nexport const a = () => b;\n",
    breaks: 'noImportCycles',
  },
  {
    // Type-only on this side: a cycle all the same, in the types a newcomer reads.
    file: 'main/shift/cycle-b.ts',
    source: "import type { a } from './cycle-a.ts';\n\nexport const b = (f: typeof a) => f;\n",
    breaks: 'noImportCycles',
  },
  {
    file: 'renderer/cycle-a.ts',
    source: "import { b } from './cycle-b.ts';\n\nexport const a = () => b;\n",
    breaks: null,
  },
  {
    file: 'renderer/cycle-b.ts',
    source: "import { a } from './cycle-a.ts';\n\nexport const b = () => a;\n",
    breaks: null,
  },
];

/** `file → rules reported` of these two, from Biome's text output (with the config as it is: `--only` would turn the shell's exception off). */
function lint(cwd: string, paths: string[]): Map<string, Set<string>> {
  const run = spawnSync(biome, ['lint', '--max-diagnostics=none', ...paths], {
    cwd,
    encoding: 'utf8',
  });
  const reported = new Map<string, Set<string>>();
  for (const match of `${run.stdout}\n${run.stderr}`.matchAll(
    /^(\S+\.ts):\d+:\d+ lint\/\w+\/(noRestrictedImports|noImportCycles)\b/gm,
  )) {
    const rules = reported.get(match[1]!) ?? new Set();
    rules.add(match[2]!);
    reported.set(match[1]!, rules);
  }
  return reported;
}

test('a planted forbidden import or cycle in main/ fails lint, each for its own rule', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cashdesk-layers-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const config = JSON.parse(readFileSync(join(repo, 'biome.json'), 'utf8'));
  delete config.$schema;
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
  for (const plant of PLANTS) {
    mkdirSync(join(dir, dirname(plant.file)), { recursive: true });
    writeFileSync(join(dir, plant.file), plant.source);
  }
  const reported = lint(dir, ['main', 'renderer']);
  for (const plant of PLANTS) {
    const rules = [...(reported.get(plant.file) ?? [])];
    assert.deepEqual(rules, plant.breaks ? [plant.breaks] : [], plant.file);
  }
});

test('main/ has no forbidden import and no import cycle', () => {
  const reported = lint(repo, ['main']);
  assert.deepEqual([...reported.keys()], []);
});
