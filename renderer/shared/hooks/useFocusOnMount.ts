import { type RefObject, useEffect, useRef } from 'react';

/** Puts the cursor where the agent acts next, so Enter or a scan works without a click first. */
export function useFocusOnMount<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
