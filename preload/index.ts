// The renderer's only door into main: `window.cashdesk`, built from the contract's channel table.
// No logic here, and no raw ipcRenderer: listeners never see Electron's event object.
import { contextBridge, ipcRenderer } from 'electron';
// api.ts, not contract.ts: the names only, so neither zod nor the schemas end up in this bundle.
import { buildApi, callChannel, eventChannel } from '../common/api.ts';

const api = buildApi(
  (channel, request) => ipcRenderer.invoke(callChannel(channel), request),
  (event, listener) => {
    const channel = eventChannel(event);
    const forward = (_event: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
);

contextBridge.exposeInMainWorld('cashdesk', api);
