// Binds every channel of the contract to the core, and pushes the core's events to the window.
// Only the app's own top frame may call: anything else is refused, and the refusal is logged.
// Typed against Electron, but it takes ipcMain and the window as arguments, so it runs (and is
// tested) under plain Node with stand-ins.
import type { BrowserWindow, IpcMain } from 'electron';
import { type AppState, CHANNEL_NAMES, callChannel, eventChannel } from '../../common/contract.ts';
import { refusal, withEnglish } from '../../common/refusal.ts';
import type { Core } from '../core.ts';
import { isTrustedSender, type SenderFrame } from '../ipc/guard.ts';
import type { Log } from '../log.ts';

type IpcBinder = Pick<IpcMain, 'handle'>;
type Window = Pick<BrowserWindow, 'setKiosk'> & {
  webContents: Pick<BrowserWindow['webContents'], 'isDestroyed' | 'send'>;
};

export const UNTRUSTED_SENDER = {
  ok: false,
  error: { kind: 'invalid_input', ...withEnglish(refusal('core.untrustedSender')), cash: 'none' },
} as const;

export function bindIpc(
  ipc: IpcBinder,
  core: Pick<Core, 'invoke' | 'on'> & { log: Pick<Log, 'warn'> },
  window: () => Window | null,
): void {
  for (const channel of CHANNEL_NAMES) {
    ipc.handle(callChannel(channel), (event, request: unknown) => {
      const frame = event.senderFrame as SenderFrame;
      if (!isTrustedSender(frame)) {
        core.log.warn('ipc_refused', { channel, sender: frame?.url ?? null });
        return UNTRUSTED_SENDER;
      }
      return core.invoke(channel, request);
    });
  }
  core.on((event, payload) => {
    const win = window();
    if (!win || win.webContents.isDestroyed()) return;
    win.webContents.send(eventChannel(event), payload);
    if (event === 'app.changed') win.setKiosk((payload as AppState).settings.kiosk);
  });
}
