// The training gateway as a real HTTP server on loopback, plus the programmatic handle tests and
// the CLI use to script faults, force statuses and take it offline. Routing only: rules live in
// ledger.ts, shapes in validation.ts, data in catalogue.ts, wire plumbing in http.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_CATALOGUE } from './catalogue.ts';
import { SandboxError } from './errors.ts';
import { createFaultQueue, type Fault, isAfterCommit } from './faults.ts';
import {
  authorize,
  errorReply,
  json,
  misbehave,
  ok,
  parseJson,
  parseTarget,
  type Reply,
  readBody,
  send,
} from './http.ts';
import { createLedger } from './ledger.ts';
import { matchRoute, type RouteMatch, type RouteName } from './routes.ts';
import { isoMillis } from './time.ts';
import { parseCreateOperation, parseListQuery, parseOpenSession, parseOperationKey } from './validation.ts';

export { COMMIT_THEN_DROP, type Fault } from './faults.ts';
export type { RouteName } from './routes.ts';

export type RequestRecord = {
  route: RouteName | 'unknown';
  method: string;
  path: string;
  at: string;
  faulted: boolean;
  /** What the arrival hook read as the request arrived (`atArrival`); absent while none is set. */
  seen?: unknown;
};

export type SandboxOptions = {
  port?: number;
  token: string;
  sessionTtlSeconds?: number;
  captureAfterSeconds?: number;
  latencyMs?: number;
  /** How far the gateway's clock is ahead of this machine's (negative: behind), in ms. */
  clockOffsetMs?: number;
  /** This machine's time (tests share a clock they move with the core's); Date.now by default. */
  now?: () => number;
  /** Keeps the ledger in this JSON file across restarts (the app's training gateway does). */
  stateFile?: string;
};

export type Sandbox = {
  readonly url: string;
  readonly token: string;
  inject(route: RouteName, fault: Fault, times?: number): void;
  clearFaults(): void;
  requests(route?: RouteName): RequestRecord[];
  resetRequests(): void;
  /**
   * Read as each request arrives, before anything is served, into its record's `seen`: what the
   * client had done (on disk, say) by the time the gateway heard of it. Undefined stops it.
   */
  atArrival(read: (() => unknown) | undefined): void;
  capture(shopId: number, operationNumber: string): boolean;
  setStatus(shopId: number, operationNumber: string, status: string): boolean;
  operationCount(): number;
  goOffline(): Promise<void>;
  goOnline(): Promise<void>;
  close(): Promise<void>;
};

const HOST = '127.0.0.1';

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  checkOptions(options);
  const { token } = options;
  const latencyMs = options.latencyMs ?? 0;
  const clockOffsetMs = options.clockOffsetMs ?? 0;
  const machineNow = options.now ?? Date.now;
  const gatewayNow = () => machineNow() + clockOffsetMs;
  const ledger = createLedger({
    catalogue: DEFAULT_CATALOGUE,
    sessionTtlSeconds: options.sessionTtlSeconds ?? 900,
    captureAfterSeconds: options.captureAfterSeconds,
    stateFile: options.stateFile,
    now: gatewayNow,
  });
  const faults = createFaultQueue();
  const log: RequestRecord[] = [];
  let arrival: (() => unknown) | undefined;
  const pendingWaits = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  // Bumped on goOffline and close: a request that arrived before must neither commit nor answer,
  // as if the process serving it had died.
  let epoch = 0;
  let online = false;
  let closed = false;

  // requestTimeout 0: a hanging request must stay open until the client gives up, not 408 after 5 min.
  const server = createServer({ requestTimeout: 0 }, (req, res) => {
    handle(req, res).catch(() => res.destroy());
  });

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          pendingWaits.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      pendingWaits.add(entry);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = epoch;
    // The Date header tells the gateway's own time, as a real gateway's would.
    res.sendDate = false;
    res.setHeader('Date', new Date(gatewayNow()).toUTCString());
    const method = req.method ?? '';
    const url = parseTarget(req.url);
    const match = matchRoute(method, url.pathname);
    const route = match.kind === 'route' ? match.route : 'unknown';
    const fault = route === 'unknown' ? undefined : faults.take(route);
    log.push({
      route,
      method,
      path: url.pathname,
      at: isoMillis(machineNow()),
      faulted: fault !== undefined,
      ...(arrival && { seen: arrival() }),
    });

    // Read at once, as a real server would: a client that gives up during a delay still committed.
    const body = readBody(req);
    if (latencyMs > 0) await wait(latencyMs);
    if (fault?.kind === 'delay') await wait(fault.ms);
    if (epoch !== started) return;
    const misbehaviour = fault?.kind === 'delay' ? undefined : fault;
    if (misbehaviour && !isAfterCommit(misbehaviour)) {
      misbehave(req, res, misbehaviour);
      return;
    }
    const received = await body;
    if (received === undefined) return; // the client went away before sending the whole body
    // serve() is synchronous, so nothing can go offline between this check and the commit.
    if (epoch !== started) return;
    const reply = serve(req, match, url, received);
    if (misbehaviour) misbehave(req, res, misbehaviour, reply);
    else send(res, reply);
  }

  function serve(req: IncomingMessage, match: RouteMatch, url: URL, body: string | SandboxError): Reply {
    try {
      authorize(req, token);
      if (body instanceof SandboxError) throw body;
      switch (match.kind) {
        case 'not_found':
          throw new SandboxError('not_found', 'not_found', `Nothing at ${url.pathname}`);
        case 'method_not_allowed':
          return {
            ...errorReply(new SandboxError('method_not_allowed', 'method_not_allowed', `Use ${match.allow}`)),
            headers: { allow: match.allow },
          };
      }
      switch (match.route) {
        case 'listPaymentMethodTypes':
          return ok(ledger.listPaymentMethodTypes(parseListQuery(url.searchParams)));
        case 'openSession':
          return ok(ledger.openSession(parseOpenSession(parseJson(body))));
        case 'createOperation':
          return ok(ledger.createOperation(parseCreateOperation(parseJson(body))));
        case 'getOperation':
        case 'capture': {
          const lookup = parseOperationKey(match.params);
          const found = match.route === 'capture' ? ledger.capture(lookup) : ledger.getOperation(lookup);
          if (!found) {
            throw new SandboxError(
              'not_found',
              'unknown_operation',
              `No operation ${lookup.operationNumber} in shop ${lookup.shopId}`,
            );
          }
          return ok(found);
        }
      }
    } catch (error) {
      if (error instanceof SandboxError) return errorReply(error);
      const message = error instanceof Error ? error.message : String(error);
      return json(500, { error: { code: 'internal_error', message } });
    }
  }

  function listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  function stopListening(): Promise<void> {
    return new Promise((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      // Hanging and kept-alive sockets would otherwise hold close() open indefinitely.
      server.closeAllConnections();
    });
  }

  await listen(options.port ?? 0);
  online = true;
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${HOST}:${port}`,
    token,
    inject: (route, fault, times) => faults.inject(route, fault, times),
    clearFaults: () => faults.clear(),
    requests: (route) => log.filter((r) => route === undefined || r.route === route).map((r) => ({ ...r })),
    resetRequests: () => {
      log.length = 0;
    },
    atArrival: (read) => {
      arrival = read;
    },
    capture: (shopId, operationNumber) => ledger.capture({ shopId, operationNumber }) !== undefined,
    setStatus: (shopId, operationNumber, status) => ledger.setStatus({ shopId, operationNumber }, status),
    operationCount: () => ledger.operationCount(),
    async goOffline() {
      if (!online) return;
      online = false;
      epoch += 1;
      await stopListening();
    },
    async goOnline() {
      if (closed) throw new Error('the sandbox is closed');
      if (online) return;
      await listen(port);
      online = true;
    },
    async close() {
      if (closed) return;
      closed = true;
      epoch += 1;
      ledger.close();
      for (const { timer, resolve } of pendingWaits) {
        clearTimeout(timer);
        resolve();
      }
      pendingWaits.clear();
      if (online) {
        online = false;
        await stopListening();
      }
    },
  };
}

function checkOptions(options: SandboxOptions): void {
  const { port = 0, token, sessionTtlSeconds = 900, captureAfterSeconds = 0, latencyMs = 0 } = options;
  if (typeof token !== 'string' || token === '') throw new TypeError('token must be a non-empty string');
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new RangeError(`invalid port ${port}`);
  if (!(Number.isFinite(sessionTtlSeconds) && sessionTtlSeconds > 0)) {
    throw new RangeError(`sessionTtlSeconds must be more than 0, got ${sessionTtlSeconds}`);
  }
  if (!(Number.isFinite(captureAfterSeconds) && captureAfterSeconds >= 0)) {
    throw new RangeError(`captureAfterSeconds must be 0 or more, got ${captureAfterSeconds}`);
  }
  if (!(Number.isFinite(latencyMs) && latencyMs >= 0)) {
    throw new RangeError(`latencyMs must be 0 or more, got ${latencyMs}`);
  }
}
