// `npm test`: the typecheck, lint, build, then every test file (as test-command.ts runs them). The
// typecheck and lint run beside the others: tsc keeps one core busy for some 16 s on a fresh clone,
// which the build and the tests can use the rest of. Every step's output passes through; the run
// fails if any step fails.
import { spawn, spawnSync } from 'node:child_process';
import { testCommand } from './test-command.ts';

const shell = process.platform === 'win32';
const npm = (script: string) =>
  spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', shell }).status;

/** A step started now and awaited at the end. */
function beside(script: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit', shell });
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(1));
  });
}

const typecheck = beside('typecheck');
const lint = beside('lint');
const failed: string[] = [];
if (npm('build') !== 0) failed.push('build');
if (failed.length === 0) {
  const tests = spawnSync(...testCommand(['test/**/*.test.ts']), { stdio: 'inherit' });
  if (tests.status !== 0) failed.push('tests');
}
if ((await lint) !== 0) failed.push('lint');
if ((await typecheck) !== 0) failed.push('typecheck');

if (failed.length > 0) {
  console.error(`npm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
