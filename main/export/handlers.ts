// The history as a CSV file, a backup on demand, and where an export goes by default.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AgentError } from '../app-error.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Store } from '../store/index.ts';
import type { Backups } from './backup.ts';
import { writeCsv } from './csv.ts';

export function exportHandlers(deps: {
  store: Store;
  backups: Backups;
  dataDir: string;
}): HandlerTable<'history.exportCsv' | 'backup.now' | 'files.suggestPath'> {
  const { store } = deps;
  return {
    'history.exportCsv': async ({ path, from, to, shiftId }) => {
      let pages: Iterable<ReturnType<Store['shifts']['operations']>>;
      if (shiftId !== undefined) {
        const shift = store.shifts.get(shiftId);
        if (!shift) {
          throw new AgentError('not_found', `No shift ${shiftId} at this desk.`, { field: 'shiftId' });
        }
        pages = [store.shifts.operations(shift)];
      } else {
        pages = store.exports.between(new Date(from!).toISOString(), new Date(to!).toISOString());
      }
      return { path, rows: await writeCsv(path, pages) };
    },
    'backup.now': () => deps.backups.run('asked'),
    'files.suggestPath': ({ name }) => {
      // Made here, so the suggestion is a path the export can write to as it stands.
      const folder = join(deps.dataDir, 'exports');
      mkdirSync(folder, { recursive: true });
      return { path: join(folder, name) };
    },
  };
}
