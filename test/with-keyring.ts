// Runs a command where keytar reaches a keychain, from any shell (npm runs scripts with cmd.exe on
// Windows, where there is no `sh`). On Linux it runs inside keyring-session.sh: a private D-Bus
// session with its own unlocked gnome-keyring, so tests never touch the developer's own keychain.
// On macOS and Windows keytar uses the system keychain, so the command runs directly.
// Usage: node test/with-keyring.ts [--tmp-in-memory] <command> [args…]; output and exit status pass through.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

// --tmp-in-memory: the run's temporary files go to memory (npm test; never the benchmarks, whose
// figures include the disk's fsyncs).
const inMemory = process.argv[2] === '--tmp-in-memory';
const [command, ...args] = process.argv.slice(inMemory ? 3 : 2);
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

// Node keeps what it compiles, type stripping included, in a cache every process of the run shares:
// each test file, and each core a test starts, loads the same few hundred modules.
// With --tmp-in-memory on Linux, the run's temporary files (data folders, keyrings, printed PDFs) go to
// a folder of its own in memory, removed when it ends: still real files and real fsyncs, without a
// disk's waits. The keychain's items go to its collection in memory too (keyring-session.sh).
const memory =
  inMemory && process.platform === 'linux' && existsSync('/dev/shm')
    ? mkdtempSync('/dev/shm/cashdesk-tests-')
    : null;
// Open to every user as /tmp is: the head office's tests run PostgreSQL as an unprivileged user.
if (memory) chmodSync(memory, 0o1777);
const env = {
  NODE_COMPILE_CACHE: fileURLToPath(new URL('../node_modules/.cache/node-compile', import.meta.url)),
  ...process.env,
  ...(memory ? { TMPDIR: memory, CASHDESK_KEYRING_IN_MEMORY: '1' } : {}),
};
const result = spawnSync(file, argv, { stdio: 'inherit', env });
if (memory) rmSync(memory, { recursive: true, force: true, maxRetries: 3 });
if (result.error) {
  console.error(`${file}: ${result.error.message}`);
  process.exit(1);
}
// A command ended by a signal exits as a shell reports it: 128 + the signal's number.
process.exit(result.status ?? 128 + constants.signals[result.signal ?? 'SIGTERM']);
