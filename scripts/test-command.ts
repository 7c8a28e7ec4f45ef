// How npm test runs test files, declared once for scripts/test.ts and scripts/test-times.ts: through
// the private keychain (test/with-keyring.ts), temporary files in memory, with one Chromium for every
// file, four files at a time in the order test/run-tests.ts deals them out.
// `flags`: run-tests.ts's own (--tap).
export function testCommand(patterns: string[], flags: string[] = []): [string, string[]] {
  return [
    process.execPath,
    ['test/with-keyring.ts', '--tmp-in-memory', 'node', 'test/run-tests.ts', ...flags, ...patterns],
  ];
}
