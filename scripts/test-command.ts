// How npm test runs test files, declared once for scripts/test.ts and scripts/test-times.ts: through
// the private keychain (test/with-keyring.ts), temporary files in memory, four files at a time.
export function testCommand(patterns: string[], flags: string[] = []): [string, string[]] {
  return [
    process.execPath,
    [
      'test/with-keyring.ts',
      '--tmp-in-memory',
      'node',
      '--test',
      '--test-concurrency=4',
      ...flags,
      ...patterns,
    ],
  ];
}
