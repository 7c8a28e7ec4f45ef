// Runs a command with one Chromium for all of its test files (npm test, through scripts/test-command.ts).
// A Chromium costs about 0.8 s of CPU to start, and some 27 test files start one; here each file
// connects to this one instead (CASHDESK_CHROMIUM, read by test/e2e/shared-browser.ts) and works in
// browser contexts of its own, closed when it disconnects. A file run by itself starts its own.
// Usage: node test/with-chromium.ts <command> [args…]; output and exit status pass through.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { constants } from 'node:os';
import { launchChromiumServer } from './e2e/chromium.ts';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node test/with-chromium.ts <command> [args…]');
  process.exit(2);
}
const server = await launchChromiumServer();
const child = spawn(command === 'node' ? process.execPath : command, args, {
  stdio: 'inherit',
  env: { ...process.env, CASHDESK_CHROMIUM: server.wsEndpoint() },
});
const [code, signal] = (await Promise.race([
  once(child, 'exit'),
  once(child, 'error').then(([error]) => {
    console.error(`${command}: ${(error as Error).message}`);
    return [1, null];
  }),
])) as [number | null, NodeJS.Signals | null];
await server.close();
// A command ended by a signal exits as a shell reports it: 128 + the signal's number.
process.exit(code ?? 128 + constants.signals[signal ?? 'SIGTERM']);
