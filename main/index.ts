// The Electron shell, and nothing more: lifecycle, the window, the app:// protocol and the IPC
// binding. Everything else lives in createCore and runs (and is tested) under plain Node.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, protocol, session } from 'electron';
import { CHANNEL_NAMES, CHANNEL_PREFIX } from '../common/contract.ts';
import { CONTENT_SECURITY_POLICY, resolveAppFile } from './app-protocol.ts';
import { type Core, createCore } from './core.ts';
import { APP_ORIGIN, APP_SCHEME, isTrustedSender } from './ipc-guard.ts';

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
    bindIpc(core, () => window);
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
        preload: join(here, '..', 'preload', 'index.cjs'),
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

function bindIpc(core: Core, window: () => BrowserWindow | null) {
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(`${CHANNEL_PREFIX}${channel}`, (event, request: unknown) => {
      if (!isTrustedSender(event.senderFrame)) {
        return { ok: false, error: { kind: 'invalid_input', message: 'Untrusted sender.', cash: 'none' } };
      }
      return core.invoke(channel, request);
    });
  }
  core.on((event, payload) => {
    const win = window();
    if (!win || win.webContents.isDestroyed()) return;
    win.webContents.send(`${CHANNEL_PREFIX}event:${event}`, payload);
    if (event === 'app.changed') win.setKiosk((payload as { settings: { kiosk: boolean } }).settings.kiosk);
  });
}
