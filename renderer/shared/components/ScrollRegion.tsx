import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a narrow screen. Focusable and named, so the arrow keys
 * reach what is off to the side without a pointer.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
    <section className="table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
