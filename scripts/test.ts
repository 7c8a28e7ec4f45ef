// `npm test`: the typecheck, lint, build, then every test file (as test-command.ts runs them). The
// typecheck and lint run beside the others: tsc keeps one core busy for some 4 s on a fresh clone,
// which the build and the tests can use the rest of. Every step's output passes through; the run
// fails if any step fails.
import { spawn } from 'node:child_process';
import { testCommand } from './test-command.ts';

/** A step's exit code, once it ends. `shell`: for npm, which is a .cmd on Windows. */
function step(command: string, args: string[], shell = false): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', shell });
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(1));
  });
}
const npm = (script: string) => step('npm', ['run', '--silent', script], process.platform === 'win32');

const steps: Record<string, Promise<number | null>> = {
  typecheck: npm('typecheck'),
  lint: npm('lint'),
  build: npm('build'),
};
// The tests need the build: the renderer, the core's bundle, the preload's size.
if ((await steps.build) === 0) steps.tests = step(...testCommand(['test/**/*.test.ts']));

const failed: string[] = [];
for (const [name, ended] of Object.entries(steps)) if ((await ended) !== 0) failed.push(name);
if (failed.length > 0) {
  console.error(`npm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
