// The training gateway's state file: the whole state after each change, written beside and renamed
// over, so training operations survive a restart and a crash never leaves half a file.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Catalogue } from './catalogue.ts';
import type { Session, StoredOperation } from './records.ts';

/** Integer operation ids start high enough to look like a real gateway's, never like a shop id. */
export const FIRST_INTEGER_ID = 700_001;

type SavedState = {
  nextIntegerId: number;
  sessions: (Omit<Session, 'method' | 'operation'> & {
    methodId: string;
    operation?: Omit<StoredOperation, 'session'>;
  })[];
};

export function saveState(file: string, nextIntegerId: number, sessions: Iterable<Session>): void {
  const state: SavedState = {
    nextIntegerId,
    sessions: [...sessions].map(({ method, operation, ...session }) => {
      if (!operation) return { ...session, methodId: method.id };
      const { session: _circular, ...saved } = operation;
      return { ...session, methodId: method.id, operation: saved };
    }),
  };
  // It holds the training payers' requisites: the user's alone, like the rest of the data folder.
  writeFileSync(`${file}.tmp`, JSON.stringify(state), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

export function loadState(
  file: string,
  catalogue: Catalogue,
): { nextIntegerId: number; sessions: Session[] } {
  if (!existsSync(file)) return { nextIntegerId: FIRST_INTEGER_ID, sessions: [] };
  const state = JSON.parse(readFileSync(file, 'utf8')) as SavedState;
  const sessions = state.sessions.flatMap(({ methodId, operation, ...rest }) => {
    const method = catalogue.methodTypes.find((m) => m.id === methodId);
    if (!method) return [];
    const session: Session = { ...rest, method };
    if (operation) session.operation = { ...operation, session };
    return [session];
  });
  return { nextIntegerId: state.nextIntegerId, sessions };
}
