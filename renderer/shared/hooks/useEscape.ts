import { useEffect, useRef } from 'react';

/** Esc goes back. A handler that already used the key (an open confirmation) prevents the default. */
export function useEscape(onEscape: (() => void) | undefined): void {
  const handler = useRef(onEscape);
  handler.current = onEscape;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !handler.current) return;
      event.preventDefault();
      handler.current();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
