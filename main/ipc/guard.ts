// Who may call main. Only the app's own page, in its top frame, loaded from our protocol.
export const APP_SCHEME = 'app';
export const APP_HOST = 'cashdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export type SenderFrame = { url: string; parent: unknown } | null | undefined;

export function isTrustedSender(frame: SenderFrame): boolean {
  if (!frame || frame.parent !== null) return false;
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return false;
  }
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
}
