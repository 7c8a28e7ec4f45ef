// The history as a CSV file, a backup on demand, and where an export goes by default.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Answer } from '../operations/meaning.ts';
import type { Printer } from '../receipts/printer.ts';
import type { Store } from '../store/index.ts';
import type { OperationRecord } from '../store/operations.ts';
import type { Backups } from './backup.ts';
import { writeCsv } from './csv.ts';
import type { ExportRow } from './csv-columns.ts';

export function exportHandlers(deps: {
  store: Pick<Store, 'exports' | 'shifts'>;
  backups: Backups;
  dataDir: string;
  /** Main's save dialog (the shell's; the tests answer it themselves). */
  printer: Pick<Printer, 'chooseCsvPath'> | undefined;
  /** The desk's answer for a row now (main/operations/meaning.ts). */
  answerOf: (op: OperationRecord) => Answer;
}): HandlerTable<'history.exportCsv' | 'backup.now' | 'files.suggestPath'> {
  const { store } = deps;
  return {
    'history.exportCsv': async ({ from, to, shiftId }) => {
      let pages: Iterable<ReturnType<Store['shifts']['operations']>>;
      if (shiftId !== undefined) {
        const shift = store.shifts.get(shiftId);
        if (!shift) {
          throw new AgentError('not_found', refusal('shift.noSuchShift', { shiftId }), { field: 'shiftId' });
        }
        pages = [store.shifts.operations(shift)];
      } else {
        pages = store.exports.between(new Date(from!).toISOString(), new Date(to!).toISOString());
      }
      if (!deps.printer) throw new AgentError('conflict', refusal('export.noDialog'));
      const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);
      const path = await deps.printer.chooseCsvPath(
        shiftId !== undefined ? `history-shift-${shiftId}.csv` : `history-${day(from!)}-${day(to!)}.csv`,
      );
      if (!path) return { path: null, rows: 0 };
      // Looked at the moment the dialog answers: a file standing there now is one its overwrite
      // question confirmed; one that appears later is not replaced.
      const rows = withAnswers(pages, deps.answerOf);
      return { path, rows: await writeCsv(path, rows, { replace: existsSync(path) }) };
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

/** Each page with its answers, made as the file is written: a page at a time, never the year at once. */
function* withAnswers(
  pages: Iterable<OperationRecord[]>,
  answerOf: (op: OperationRecord) => Answer,
): Generator<ExportRow[]> {
  for (const page of pages) yield page.map((op) => ({ op, answer: answerOf(op) }));
}
