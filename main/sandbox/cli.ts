// `node main/sandbox/cli.ts`: the training gateway as a standalone process, for the app in training
// mode and for manual drills. Faults are scripted from tests through startSandbox, not from here.
import { parseArgs } from 'node:util';
import { type Sandbox, type SandboxOptions, startSandbox } from './server.ts';

const USAGE =
  'usage: node main/sandbox/cli.ts [--port N] [--token T] [--session-ttl SECONDS] [--capture-after SECONDS] [--latency MS]';

class UsageError extends Error {
  override readonly name = 'UsageError';
}

function parseOptions(args: string[]): SandboxOptions {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string', default: '18080' },
      token: { type: 'string', default: 'sandbox-token' },
      'session-ttl': { type: 'string' },
      'capture-after': { type: 'string' },
      latency: { type: 'string' },
    },
  });
  if (values.token === '') throw new UsageError('--token must not be empty');
  const port = integer('--port', values.port, 0);
  if (port > 65_535) throw new UsageError('--port must be at most 65535');
  return {
    port,
    token: values.token,
    ...(values['session-ttl'] !== undefined && {
      sessionTtlSeconds: number('--session-ttl', values['session-ttl'], false),
    }),
    ...(values['capture-after'] !== undefined && {
      captureAfterSeconds: number('--capture-after', values['capture-after'], true),
    }),
    ...(values.latency !== undefined && { latencyMs: integer('--latency', values.latency, 0) }),
  };
}

function integer(flag: string, text: string, min: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`${flag} must be an integer >= ${min}`);
  return Number(text);
}

function number(flag: string, text: string, zeroAllowed: boolean): number {
  const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!(value > 0 || (zeroAllowed && value === 0))) {
    throw new UsageError(`${flag} must be a number ${zeroAllowed ? '>= 0' : '> 0'}`);
  }
  return value;
}

function isUsageError(error: unknown): error is Error {
  // parseArgs throws TypeErrors coded ERR_PARSE_ARGS_* for unknown or malformed flags.
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_'));
}

async function main(): Promise<void> {
  let options: SandboxOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!isUsageError(error)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    process.stderr.write(
      `cannot start the sandbox: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`CashDesk sandbox gateway listening on ${sandbox.url} (token: ${sandbox.token})\n`);
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
