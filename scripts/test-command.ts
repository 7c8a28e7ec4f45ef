// How npm test runs test files, declared once for scripts/test.ts and scripts/test-times.ts: through
// the private keychain (test/with-keyring.ts), temporary files in memory, one Chromium for every file
// (test/with-chromium.ts), four files at a time in the order scripts/run-tests.ts deals them out.
// `flags`: run-tests.ts's own (--tap).
export function testCommand(patterns: string[], flags: string[] = []): [string, string[]] {
  return [
    process.execPath,
    [
      'test/with-keyring.ts',
      '--tmp-in-memory',
      'node',
      'test/with-chromium.ts',
      'node',
      'scripts/run-tests.ts',
      ...flags,
      ...patterns,
    ],
  ];
}
