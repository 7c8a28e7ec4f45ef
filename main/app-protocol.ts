// Maps an app:// request to a file of the built renderer, refusing anything outside it.
import { extname, join, normalize, relative, sep } from 'node:path';
import { APP_HOST } from './ipc/guard.ts';

/** `default-src 'self'`: no inline script, no eval, no remote anything. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Returns the file to serve, or null for a foreign host or a path that escapes the root. */
export function resolveAppFile(root: string, requestUrl: string): { file: string; type: string } | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const file = normalize(join(root, path === '/' ? 'index.html' : path));
  const inside = relative(root, file);
  if (!inside || inside.startsWith('..') || inside.split(sep).includes('..')) return null;
  return { file, type: TYPES[extname(file)] ?? 'application/octet-stream' };
}
