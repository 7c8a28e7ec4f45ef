// The history as a CSV file, and a backup on demand.
import { AgentError } from '../app-error.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Store } from '../store/index.ts';
import type { Backups } from './backup.ts';
import { writeCsv } from './csv.ts';

export function exportHandlers(deps: {
  store: Store;
  backups: Backups;
}): HandlerTable<'history.exportCsv' | 'backup.now'> {
  const { store } = deps;
  return {
    'history.exportCsv': async ({ path, from, to, shiftId }) => {
      let pages: Iterable<ReturnType<Store['shifts']['operations']>>;
      if (shiftId !== undefined) {
        if (!store.shifts.get(shiftId)) {
          throw new AgentError('not_found', `No shift ${shiftId} at this desk.`, { field: 'shiftId' });
        }
        pages = [store.shifts.operations(shiftId)];
      } else {
        pages = store.exports.between(new Date(from!).toISOString(), new Date(to!).toISOString());
      }
      return { path, rows: await writeCsv(path, pages) };
    },
    'backup.now': () => deps.backups.run('asked'),
  };
}
