// HTTP plumbing for the sandbox: replies, bodies, the token check, and the ways a faulty gateway
// misbehaves on the wire.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SandboxError, standardErrorBody } from './errors.ts';
import type { Fault } from './faults.ts';

/** Every fault but `delay`, which only postpones normal processing. */
export type Misbehaviour = Exclude<Fault, { kind: 'delay' }>;

export type Reply = { status: number; contentType: string; text: string; headers?: Record<string, string> };

export const JSON_TYPE = 'application/json; charset=utf-8';
export const MAX_BODY_BYTES = 1024 * 1024;
export const BASE = 'http://sandbox.invalid';

export function misbehave(
  req: IncomingMessage,
  res: ServerResponse,
  fault: Misbehaviour,
  reply?: Reply,
): void {
  switch (fault.kind) {
    case 'respond': {
      const body = fault.body === undefined ? standardErrorBody(fault.status) : fault.body;
      const base = typeof body === 'string' ? text(fault.status, body) : json(fault.status, body);
      send(res, { ...base, ...(fault.headers && { headers: fault.headers }) });
      return;
    }
    case 'hang':
      return;
    case 'reset':
      // A TCP reset rather than a clean close: the client sees ECONNRESET, not a short reply.
      req.socket.resetAndDestroy();
      return;
    case 'mutate': {
      let mutated: Reply;
      try {
        mutated = json(200, fault.mutate(reply ? JSON.parse(reply.text) : undefined));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        mutated = json(500, { error: { code: 'mutate_failed', message } });
      }
      send(res, mutated);
      return;
    }
  }
}

/** A request target that is not a parsable path is served as "/", which nothing lives at. */
export function parseTarget(target = '/'): URL {
  try {
    return new URL(target, BASE);
  } catch {
    return new URL(BASE);
  }
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  res.statusCode = reply.status;
  res.setHeader('content-type', reply.contentType);
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  res.setHeader('content-length', Buffer.byteLength(reply.text));
  res.end(reply.text);
}

export function json(status: number, body: unknown): Reply {
  return { status, contentType: JSON_TYPE, text: JSON.stringify(body) ?? 'null' };
}

export function text(status: number, body: string): Reply {
  return { status, contentType: 'text/plain; charset=utf-8', text: body };
}

export function ok(data: unknown): Reply {
  return json(200, { data });
}

export function errorReply(error: SandboxError): Reply {
  return json(error.status, error.toBody());
}

export function authorize(req: IncomingMessage, token: string): void {
  const given = req.headers['api-access-token'];
  const expected = Buffer.from(token);
  const actual = Buffer.from(typeof given === 'string' ? given : '');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw new SandboxError('unauthorized', 'unauthorized', 'Missing or invalid Api-Access-Token header');
  }
}

/** The body as text, a 413 refusal, or undefined when the client went away before finishing it. */
export function readBody(req: IncomingMessage): Promise<string | SandboxError | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // An oversized body is still drained, not cut off, so the 413 can reach the client.
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      resolve(
        size > MAX_BODY_BYTES
          ? new SandboxError(
              'payload_too_large',
              'payload_too_large',
              `The body exceeds ${MAX_BODY_BYTES} bytes`,
            )
          : Buffer.concat(chunks).toString('utf8'),
      );
    });
    req.on('error', () => resolve(undefined));
    req.on('close', () => resolve(undefined));
  });
}

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new SandboxError('invalid_request', 'malformed_json', 'The request body is not valid JSON');
  }
}
