// The shell's security handlers (Electron security checklist), in one place and testable under
// plain Node: every webContents is kept on the app (no navigation, no new window, no webview),
// every permission is denied, and every app:// response carries the CSP, a 404 included.
// Typed against Electron, but each takes the object it hardens as an argument, so the tests call
// these very functions with stand-ins (test/integration/electron-security.test.ts).
import { readFile } from 'node:fs/promises';
import type { App, Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY, resolveAppFile } from '../app-protocol.ts';

type Preventable = { preventDefault(): void };
type Contents = {
  on(
    event: 'will-navigate' | 'will-frame-navigate' | 'will-attach-webview',
    listener: (event: Preventable) => void,
  ): unknown;
  setWindowOpenHandler: WebContents['setWindowOpenHandler'];
};
type Permissions = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

/** Navigation away from the loaded page, by the top frame or any other. */
export const denyNavigation = (event: Preventable): void => event.preventDefault();
/** A <webview> would be a second, unhardened renderer. */
export const denyWebview = (event: Preventable): void => event.preventDefault();
/** window.open, target=_blank, a middle click: no window is ever opened. */
export const denyWindowOpen = (): { action: 'deny' } => ({ action: 'deny' });

export function lockDownContents(contents: Contents): void {
  contents.on('will-navigate', denyNavigation);
  contents.on('will-frame-navigate', denyNavigation);
  contents.on('will-attach-webview', denyWebview);
  contents.setWindowOpenHandler(denyWindowOpen);
}

/** Every webContents the app will ever create, the window's and any other, is locked down at birth. */
export function lockDownApp(app: Pick<App, 'on'>): void {
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents as unknown as Contents));
}

/** Camera, microphone, notifications, geolocation, clipboard, HID…: the counter needs none. */
export function denyPermissions(session: Permissions): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Headers on every app:// response, whatever its status. */
const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
};

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });

/** Serves the built renderer on app://, and nothing outside it. */
export function appProtocolHandler(rendererRoot: string): (request: { url: string }) => Promise<Response> {
  return async (request) => {
    const target = resolveAppFile(rendererRoot, request.url);
    if (!target) return notFound();
    let body: Buffer;
    try {
      body = await readFile(target.file);
    } catch {
      return notFound();
    }
    return new Response(new Uint8Array(body), {
      headers: { ...SECURITY_HEADERS, 'Content-Type': target.type },
    });
  };
}
