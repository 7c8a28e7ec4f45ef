// The counter screen as shipped, against the real core and the real sandbox: the production build
// of the renderer is served over HTTP with the app's CSP, and `window.cashdesk` is built in the page
// by the contract's own `buildApi`, its calls carried through a page binding to the core, which runs
// in its own process as in the app (the built dist/main/host.js that Electron starts, a Node child
// here), and its events pushed back with `page.evaluate`. Nothing here is a fake.
//
// These pieces know nothing of node:test, so the preview and the bench use them too; a test takes
// them through startE2E (harness.ts), in the Chromium its file shares (shared-browser.ts).
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { buildApi, CHANNEL_NAMES } from '../../common/contract.ts';
import { CONTENT_SECURITY_POLICY, resolveAppFile } from '../../main/app-protocol.ts';
import type { DayOptions } from '../../main/core-types.ts';
import type { GatewayTuning } from '../../main/gateway/gateways.ts';
import { startHostClient } from '../../main/host/client.ts';
import { forkHost } from '../../main/host/fork.ts';
import type { HostedCore } from '../../main/host/hosted-core.ts';
import { APP_ORIGIN } from '../../main/ipc/guard.ts';
import type { LookupPolicy } from '../../main/lookups/queue.ts';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../main/sandbox/server.ts';
import { FAST_GATEWAY, FAST_LOOKUPS, FAST_PIN_HASH } from '../support/core.ts';
import { type ChromiumPrinter, createChromiumPrinter } from './chromium-printer.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist', 'renderer');
const HOST_BUNDLE = join(ROOT, 'dist', 'main', 'host.js');
export const RESULTS_DIR = join(ROOT, 'test-results');
/** The payin interaction count the e2e test measured, picked up by the bench. */
export const INTERACTIONS_FILE = join(RESULTS_DIR, 'payin-interactions.json');
/** Every action a payin and a payout took, as the e2e test counted them, picked up by the bench. */
export const ACTIONS_FILE = join(RESULTS_DIR, 'flow-actions.json');

// ── The renderer, served as the app serves it ───────────────────────────────

/** Newest modification time of the files under `dir`, in ms. */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

let built = false;

/**
 * Fails early, once per process, when the build is missing rather than with a blank page. The core
 * runs from its bundle, as the app starts it (about 100 ms of CPU to start where the TypeScript
 * sources take about 230, once per test); a bundle older than main/ or common/ would test
 * yesterday's core, so that fails too, with the command that rebuilds it.
 */
function checkBuilt(): void {
  if (built) return;
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error('dist/renderer is missing: run `npm run build:renderer` first');
  }
  const host = existsSync(HOST_BUNDLE) ? statSync(HOST_BUNDLE).mtimeMs : 0;
  if (host < Math.max(...['main', 'common'].map((dir) => newestUnder(join(ROOT, dir))))) {
    throw new Error(
      `${HOST_BUNDLE} is missing or older than main/ and common/: run \`npm run build:main\` first`,
    );
  }
  built = true;
}

// Ports this process has served the renderer on. A test file's pages share a browser context, where
// localStorage is kept per origin: the port of an earlier test would hand a test the last one's.
const servedPorts = new Set<number>();

async function listenOnUnusedPort(server: Server): Promise<number> {
  for (;;) {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    if (!servedPorts.has(port)) {
      servedPorts.add(port);
      return port;
    }
    await new Promise<void>((done) => server.close(() => done()));
  }
}

/** Serves the build exactly as the app's protocol does: same path rules, same CSP header. */
async function serveRenderer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const target = resolveAppFile(DIST, `${APP_ORIGIN}${req.url ?? '/'}`);
    if (!target || !existsSync(target.file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': target.type,
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'cache-control': 'no-store',
    });
    res.end(readFileSync(target.file));
  });
  const port = await listenOnUnusedPort(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

// ── Sandbox + core + server ─────────────────────────────────────────────────

export type StackOptions = {
  sandbox?: Partial<SandboxOptions>;
  /** Defaults to the integration tests' fast timeouts; the preview passes the production ones ({}). */
  gateway?: GatewayTuning;
  lookups?: Partial<LookupPolicy>;
  /** The agent's day: PIN waits, the supervisor's time, the idle lock. */
  day?: DayOptions;
  /** Starts the training shift the agent would start on Home; false leaves the desk without one. */
  trainingShift?: boolean;
  /** The computer's preferred languages, as Electron gives them: a new desk starts in the first it speaks. */
  systemLanguages?: string[];
  /** The page the printer lays documents out on; by default it launches a Chromium on the first print. */
  printPage?: () => Promise<Page>;
};

export type Stack = {
  /** The core in its own Node process; `core.pid` is that process (a test may kill it). */
  readonly core: HostedCore;
  readonly sandbox: Sandbox;
  /** Receipts "printed" as PDFs, with Chromium at the paper's size. */
  readonly printer: ChromiumPrinter;
  /** Where the renderer is served. */
  readonly url: string;
  /** The core's data folder, where a supervisor puts the reset file. */
  readonly dataDir: string;
  /** Holds the core's next restart back until `release()`: the screen can be seen while it is down. */
  holdRestart(): { release(): void };
  close(): Promise<void>;
};

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  checkBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-e2e-'));
  const printer = createChromiumPrinter(join(dataDir, 'printed'), options.printPage);
  const sandbox = await startSandbox({
    port: 0,
    token: randomBytes(18).toString('base64url'),
    ...options.sandbox,
  });
  // The sandbox and the printer stay here; the core's process reaches the printer through the host.
  const spawn = forkHost(HOST_BUNDLE);
  let held: Promise<void> = Promise.resolve();
  const core = await startHostClient({
    spawn: async () => {
      await held;
      return spawn();
    },
    logFile: join(dataDir, 'cashdesk.log'),
    core: {
      dataDir,
      keychainService: `cashdesk-test-${randomUUID()}`,
      training: { url: sandbox.url, token: sandbox.token },
      gateway: options.gateway ?? FAST_GATEWAY,
      lookups: { ...FAST_LOOKUPS, ...options.lookups },
      day: { pinHash: FAST_PIN_HASH, ...options.day },
      ...(options.systemLanguages && { systemLanguages: options.systemLanguages }),
      printer,
    },
  });
  if (options.trainingShift !== false) {
    const started = await core.invoke('shift.openTraining', {});
    if (!started.ok) throw new Error(`shift.openTraining: ${started.error.message}`);
  }
  const server = await serveRenderer();
  return {
    core,
    sandbox,
    printer,
    url: server.url,
    dataDir,
    holdRestart() {
      let release!: () => void;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return { release };
    },
    async close() {
      await server.close();
      await core.close();
      await printer.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ── window.cashdesk in the page ─────────────────────────────────────────────

type BridgeWindow = { __cashdeskEmit?: (event: string, payload: unknown) => void };

/**
 * Runs before the app's own scripts. The channel list and `buildApi` come from the contract itself
 * (Node strips the types, so its source is plain JavaScript), exactly as preload builds the API.
 */
const BRIDGE = `(() => {
  const CHANNEL_NAMES = ${JSON.stringify(CHANNEL_NAMES)};
  const buildApi = ${buildApi.toString()};
  const listeners = new Map();
  const subscribe = (event, listener) => {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event).add(listener);
    return () => listeners.get(event).delete(listener);
  };
  Object.defineProperty(window, '__cashdeskEmit', {
    value: (event, payload) => { for (const listener of listeners.get(event) ?? []) listener(payload); },
  });
  const invoke = (channel, request) => window.__cashdeskInvoke(channel, request);
  Object.defineProperty(window, 'cashdesk', { value: Object.freeze(buildApi(invoke, subscribe)) });
})();`;

/** Anything the page logs as an error, CSP refusals included: every test expects none. */
export type PageProblems = string[];

/** Collects what `page` logs as an error from now on, CSP refusals included. */
export function pageProblems(page: Page): PageProblems {
  const problems: PageProblems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The app window's size, for every context that shows the app or the dashboard. */
export const WINDOW = { viewport: { width: 1280, height: 860 } };

/** The app in a page of its own: in a new context of `browser`, or in the context given. */
export async function openPage(
  target: Browser | BrowserContext,
  stack: Stack,
): Promise<{ page: Page; problems: PageProblems }> {
  const context = 'newContext' in target ? await target.newContext(WINDOW) : target;
  const page = await context.newPage();
  const problems = pageProblems(page);
  await page.exposeBinding('__cashdeskInvoke', (_source, channel: string, request: unknown) =>
    stack.core.invoke(channel, request),
  );
  await page.addInitScript(BRIDGE);
  const unsubscribe = stack.core.on((event, payload) => {
    // A push during navigation has no page to land in; the app reloads its state on start anyway.
    page
      .evaluate(([name, body]) => (window as unknown as BridgeWindow).__cashdeskEmit?.(name, body), [
        event,
        payload,
      ] as const)
      .catch(() => undefined);
  });
  page.once('close', unsubscribe);
  return { page, problems };
}

// ── Checks ──────────────────────────────────────────────────────────────────

/**
 * Records the screens `page` shows, in test-results/screens/<name>/ (emptied first): each call saves
 * a numbered full-page screenshot, then checks the screen with axe and the page's error log.
 */
export function screenRecorder(
  page: Page,
  name: string,
  problems: PageProblems,
): (step: string) => Promise<void> {
  const dir = join(RESULTS_DIR, 'screens', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let shots = 0;
  let devtools: Promise<CDPSession> | undefined;
  return async (step) => {
    shots += 1;
    // A full-page shot of a scrolled page draws the sticky header mid-page; start from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    devtools ??= page.context().newCDPSession(page);
    await fullPageShot(await devtools, join(dir, `${String(shots).padStart(2, '0')}-${step}.png`));
    assert.deepEqual(await axeFindings(page), [], `axe-core on ${name} "${step}"`);
    assert.deepEqual(problems, [], `console errors or CSP violations on ${name} by "${step}"`);
  };
}

/**
 * The page from top to bottom as a PNG, straight from the DevTools protocol. Playwright's `fullPage`
 * costs about twice the CPU: it hides the caret and waits on fonts, for pixel-exact comparisons, and
 * compresses for size. These are for people to look at, some 400 a run, so they are encoded for speed.
 */
async function fullPageShot(devtools: CDPSession, path: string): Promise<void> {
  const { cssContentSize, cssLayoutViewport } = await devtools.send('Page.getLayoutMetrics');
  const width = Math.ceil(Math.max(cssContentSize.width, cssLayoutViewport.clientWidth));
  const height = Math.ceil(Math.max(cssContentSize.height, cssLayoutViewport.clientHeight));
  const { data } = await devtools.send('Page.captureScreenshot', {
    format: 'png',
    optimizeForSpeed: true,
    clip: { x: 0, y: 0, width, height, scale: 1 },
    captureBeyondViewport: width > cssLayoutViewport.clientWidth || height > cssLayoutViewport.clientHeight,
  });
  await writeFile(path, Buffer.from(data, 'base64'));
}

// Findings are reported by rule and selector: axe need not copy out the HTML of every node it checks
// (the whole document's, for the page-wide rules), which is a quarter of a run's time.
const AXE_SOURCE = `${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}
axe.configure({ noHtml: true });`;

export type AxeFinding = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * axe-core's serious and critical findings for the page as it stands. The script goes in through
 * the DevTools protocol: a <script> tag with inline content is exactly what the app's CSP refuses.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Axe = {
      run(
        context: Document,
        options: object,
      ): Promise<{
        violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
      }>;
    };
    const { axe } = window as unknown as { axe: Axe };
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
  });
}
