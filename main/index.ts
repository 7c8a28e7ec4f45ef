// eng-disable AUXCLICK_JS_CHECK: Chromium has no Auxclick feature left to disable; no click opens a window, as every webContents denies window.open and navigation (lockDownApp, electron/security.ts).
// The Electron shell, and nothing more: lifecycle, the window, the app:// protocol, the IPC binding,
// printing, dialogs and the updater. The core (createCore) runs in its own utilityProcess
// (main/host/, electron/core-process.ts): the window's calls are relayed to it after the sender
// check, and if it dies it is started again. Both run (and are tested) under plain Node. The window
// opens at once on the shell's own page while the core starts (host/start-watch.ts), and shows the
// shell's page again if the screen keeps failing (electron/recovery.ts, host/shell-pages.ts).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, session, utilityProcess } from 'electron';
import electronUpdater from 'electron-updater';
import { firstLanguage } from '../common/enums.ts';
import { utilityHost } from './electron/core-process.ts';
import { bindIpc } from './electron/ipc.ts';
import { createElectronPrinter } from './electron/print.ts';
import { logUncaught } from './electron/process-errors.ts';
import { closeBeforeQuit } from './electron/quit.ts';
import { recoverRenderer } from './electron/recovery.ts';
import { appProtocolHandler, denyPermissions, lockDownApp } from './electron/security.ts';
import { runStartup } from './electron/startup.ts';
import { startUpdates } from './electron/updater.ts';
import { beginHostClient } from './host/client.ts';
import type { HostedCore } from './host/hosted-core.ts';
import { createShellLanguage, SHELL_LANGUAGE_FILE } from './host/shell-language.ts';
import { recoveryScreen, shellWindow } from './host/shell-window.ts';
import { watchStart } from './host/start-watch.ts';
import { APP_ORIGIN, APP_SCHEME } from './ipc/guard.ts';
import { createLog } from './log.ts';

const here = dirname(fileURLToPath(import.meta.url));
const rendererRoot = join(here, '..', 'renderer');
const pageUrl = `${APP_ORIGIN}/index.html`;

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

  const dataDir = join(app.getPath('userData'), 'data');
  const logFile = join(dataDir, 'cashdesk.log');
  let core: HostedCore | null = null;
  // Until the core opens its log (which also knows the token to scrub), the shell writes the same file.
  const shellLog = createLog(logFile);
  logUncaught(process, () => core?.log ?? shellLog);

  void app.whenReady().then(async () => {
    denyPermissions(session.defaultSession);
    protocol.handle(APP_SCHEME, appProtocolHandler(rendererRoot));
    const language = createShellLanguage(
      join(dataDir, SHELL_LANGUAGE_FILE),
      firstLanguage(app.getPreferredSystemLanguages()),
    );
    // The window opens at once, on the shell's own page until the core is up (host/start-watch.ts).
    const opened = new BrowserWindow({
      width: 1280,
      height: 800,
      show: false,
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
    window = opened;
    opened.once('ready-to-show', () => opened.show());
    const screen = shellWindow(opened.webContents, shellLog);

    await runStartup({ app, dialog, logFile, language: language.get }, async () => {
      const started = await watchStart({
        start: beginHostClient({
          spawn: utilityHost(utilityProcess, join(here, 'host.js')),
          logFile,
          core: {
            dataDir,
            version: app.getVersion(),
            runtime: { electron: process.versions.electron, chrome: process.versions.chrome },
            systemLanguages: app.getPreferredSystemLanguages(),
            timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone,
            // Main prints and shows the save dialogs: the core asks through the host (main/host/protocol.ts).
            printer: createElectronPrinter({ BrowserWindow, dialog, mainWindow: () => window }),
          },
        }),
        window: screen,
        language: language.get,
        log: shellLog,
        quit: () => app.quit(),
      });
      if (!started) return;
      core = started;
      language.follow(started);
      bindIpc(ipcMain, started, () => window);
      const stopUpdates = startUpdates(electronUpdater.autoUpdater, started);
      closeBeforeQuit(
        app,
        async () => {
          stopUpdates();
          await started.close();
        },
        started.log,
      );

      const state = await started.invoke('app.getState', {});
      if (state.ok && (state.value as { settings: { kiosk: boolean } }).settings.kiosk) opened.setKiosk(true);
      const restart = () => {
        app.relaunch();
        app.quit();
      };
      recoverRenderer(
        opened.webContents,
        recoveryScreen(screen, language.get, restart),
        pageUrl,
        started.log,
      );
      await screen.app(pageUrl);
    });
  });
}
