// eng-disable AUXCLICK_JS_CHECK: Chromium has no Auxclick feature left to disable; no click opens a window, as every webContents denies window.open and navigation (web-contents-created below).
// The Electron shell, and nothing more: lifecycle, the window, the app:// protocol and the IPC
// binding. Everything else lives in createCore and runs (and is tested) under plain Node.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, protocol, session } from 'electron';
import { CONTENT_SECURITY_POLICY, resolveAppFile } from './app-protocol.ts';
import { createCore } from './core.ts';
import { bindIpc } from './electron/ipc.ts';
import { APP_ORIGIN, APP_SCHEME } from './ipc/guard.ts';

const here = dirname(fileURLToPath(import.meta.url));
const rendererRoot = join(here, '..', 'renderer');

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  void app.whenReady().then(async () => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
    protocol.handle(APP_SCHEME, async (request) => {
      const target = resolveAppFile(rendererRoot, request.url);
      if (!target) return new Response('Not found', { status: 404 });
      try {
        return new Response(await readFile(target.file), {
          headers: { 'Content-Type': target.type, 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
        });
      } catch {
        return new Response('Not found', { status: 404 });
      }
    });

    const core = await createCore({
      dataDir: join(app.getPath('userData'), 'data'),
      version: app.getVersion(),
    });
    bindIpc(ipcMain, core, () => window);
    app.on('before-quit', () => void core.close());

    const state = await core.invoke('app.getState', {});
    const kiosk = state.ok && (state.value as { settings: { kiosk: boolean } }).settings.kiosk;
    window = new BrowserWindow({
      width: 1280,
      height: 800,
      show: false,
      kiosk,
      fullscreen: kiosk,
      backgroundColor: '#f6f7f9',
      webPreferences: {
        preload: join(here, '..', 'preload', 'index.cjs'), // eng-disable PRELOAD_JS_CHECK: our own bundled, sandboxed preload; it exposes only the contract's invoke wrappers (test/unit/preload.test.ts)
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        experimentalFeatures: false,
        webviewTag: false,
        spellcheck: false,
      },
    });
    window.once('ready-to-show', () => window?.show());
    await window.loadURL(`${APP_ORIGIN}/index.html`);
  });
}
