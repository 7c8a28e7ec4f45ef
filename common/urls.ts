// Which addresses a desk may talk to: the gateway over https (plain http only on loopback, for a
// local gateway or a test double), updates over https only, never with credentials in the URL.

export function isAllowedGatewayUrl(value: string): boolean {
  const url = parseUrl(value);
  if (!url || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export function isAllowedUpdateUrl(value: string): boolean {
  const url = parseUrl(value);
  return url?.protocol === 'https:' && !url.username && !url.password;
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
