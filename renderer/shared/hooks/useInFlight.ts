import { useCallback, useRef, useState } from 'react';
import { keepFocus } from '../../focus/useNextAction.ts';

/**
 * Guards one request at a time. The ref closes the gap before React re-renders the disabled
 * button, so a double click or a held Enter never sends a second call. The button pressed is
 * disabled meanwhile, which drops focus: once done, focus goes back to the screen's next action.
 */
export function useInFlight(): { busy: boolean; run<T>(request: () => Promise<T>): Promise<T | undefined> } {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(request: () => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    try {
      return await request();
    } finally {
      inFlight.current = false;
      setBusy(false);
      keepFocus();
    }
  }, []);
  return { busy, run };
}
