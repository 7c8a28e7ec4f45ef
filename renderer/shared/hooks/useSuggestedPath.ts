import { useEffect, useState } from 'react';
import { appApi } from '../api.ts';

/**
 * A path field's starting value: a file in the data folder's exports/, from the core, which alone
 * knows that folder. The agent may type another; the Electron save dialog is not wired here.
 */
export function useSuggestedPath(name: string): [string, (path: string) => void] {
  const [path, setPath] = useState('');
  useEffect(() => {
    let live = true;
    void appApi.suggestPath({ name }).then((result) => {
      if (live && result.ok) setPath((typed) => typed || result.value.path);
    });
    return () => {
      live = false;
    };
  }, [name]);
  return [path, setPath];
}
