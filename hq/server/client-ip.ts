import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The peer's address. Behind the reverse proxy of the recipe in docs/head-office.md every peer is
 * the proxy, so HQ_TRUST_PROXY=1 reads the last X-Forwarded-For hop the proxy appended instead.
 */
export function clientIp(c: Context): string {
  if (process.env.HQ_TRUST_PROXY === '1') {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const last = hops[hops.length - 1];
    if (last) return last;
  }
  return getConnInfo(c).remote.address ?? 'unknown';
}
