// eng-disable AUXCLICK_JS_CHECK: Chromium has no Auxclick feature left to disable; no click opens a window, as every webContents denies window.open and navigation (lockDownApp, electron/security.ts).
// The Electron shell, and nothing more: lifecycle, the window, the app:// protocol, the IPC binding
// and the updater. The handlers live in electron/ and everything else in createCore, both run (and
// are tested) under plain Node.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, session } from 'electron';
import electronUpdater from 'electron-updater';
import { createCore } from './core.ts';
import { bindIpc } from './electron/ipc.ts';
import { createElectronPrinter } from './electron/print.ts';
import { appProtocolHandler, denyPermissions, lockDownApp } from './electron/security.ts';
import { startUpdates } from './electron/updater.ts';
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
  lockDownApp(app);

  void app.whenReady().then(async () => {
    denyPermissions(session.defaultSession);
    protocol.handle(APP_SCHEME, appProtocolHandler(rendererRoot));

    const core = await createCore({
      dataDir: join(app.getPath('userData'), 'data'),
      version: app.getVersion(),
      runtime: { electron: process.versions.electron, chrome: process.versions.chrome },
      printer: createElectronPrinter({ BrowserWindow, dialog, mainWindow: () => window }),
    });
    bindIpc(ipcMain, core, () => window);
    const stopUpdates = startUpdates(electronUpdater.autoUpdater, core);
    app.on('before-quit', () => {
      stopUpdates();
      void core.close();
    });

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
