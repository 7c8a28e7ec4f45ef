// The language of the shell's own pages. The desk's language is in its settings, which only the
// core reads, and a start that hangs never gets that far: so the shell keeps the last language the
// core said in a small file of the data folder, and before there is one it takes the one a new desk
// would start in (common/enums.ts firstLanguage, of the computer's preferred languages).
import { readFileSync, writeFileSync } from 'node:fs';
import type { AppState } from '../../common/contract.ts';
import { LANGUAGES, type Language } from '../../common/enums.ts';
import { PRIVATE_FILE_MODE } from '../private-files.ts';
import type { HostedCore } from './hosted-core.ts';

export const SHELL_LANGUAGE_FILE = 'shell-language';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

export function createShellLanguage(file: string, fallback: Language) {
  let current = fallback;
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (isLanguage(kept)) current = kept;
  } catch {
    // A first start: no file yet.
  }
  const set = (language: Language) => {
    if (language === current) return;
    current = language;
    try {
      writeFileSync(file, language, { mode: PRIVATE_FILE_MODE });
    } catch {
      // Not kept: the next start speaks the system's language until the core is up.
    }
  };
  return {
    get: (): Language => current,
    /** Follows the desk's settings from now on, and keeps each change for the next start. */
    follow(core: Pick<HostedCore, 'invoke' | 'on'>) {
      core.on((event, payload) => {
        if (event === 'app.changed') set((payload as AppState).settings.language);
      });
      void core.invoke('app.getState', {}).then((state) => {
        if (state.ok) set((state.value as AppState).settings.language);
      });
    },
  };
}
