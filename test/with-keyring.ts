// Runs a command where keytar reaches a keychain, from any shell (npm runs scripts with cmd.exe on
// Windows, where there is no `sh`). On Linux it runs inside keyring-session.sh: a private D-Bus
// session with its own unlocked gnome-keyring, so tests never touch the developer's own keychain.
// On macOS and Windows keytar uses the system keychain, so the command runs directly.
// Usage: node test/with-keyring.ts <command> [args…]; output and exit status pass through.
import { spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node test/with-keyring.ts <command> [args…]');
  process.exit(2);
}
// `node` is this very Node (the tests need the one that runs npm test, with type stripping), found
// without a shell on every system.
const program = command === 'node' ? process.execPath : command;
const [file, argv] =
  process.platform === 'linux'
    ? ['sh', [fileURLToPath(new URL('keyring-session.sh', import.meta.url)), program, ...args]]
    : [program, args];

const result = spawnSync(file, argv, { stdio: 'inherit' });
if (result.error) {
  console.error(`${file}: ${result.error.message}`);
  process.exit(1);
}
// A command ended by a signal exits as a shell reports it: 128 + the signal's number.
process.exit(result.status ?? 128 + constants.signals[result.signal ?? 'SIGTERM']);
