import { type RefObject, useEffect, useRef } from 'react';

/**
 * The actions that said "I am next", newest last. The newest connected one is the next action: an
 * armed custody button comes before its screen's own next action, and hands it back when it goes.
 */
const next: RefObject<HTMLElement | null>[] = [];

/**
 * How long to wait for the next action to be there and enabled (a re-render, the lock screen going,
 * a reply from a busy core). Waiting longer costs nothing: focus the agent put somewhere stays there.
 */
const PATIENCE_MS = 10_000;

/**
 * Names the element where Enter should act next, and puts focus there when it becomes the next
 * action, unless the agent already holds focus somewhere. `when` false: not yet (cash still to
 * record first, a custody button not yet armed).
 */
export function useNextAction<T extends HTMLElement>(when = true): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!when) return;
    next.push(ref);
    keepFocus();
    return () => {
      const at = next.indexOf(ref);
      if (at >= 0) next.splice(at, 1);
    };
  }, [when]);
  return ref;
}

/**
 * After anything that may have dropped focus (a button disabled while it worked, a panel or the lock
 * screen gone, an error shown): focus goes to the next action, or failing one to the screen's title;
 * while a modal dialog covers the screen (the lock screen), to its first field, to type the PIN again.
 * Focus the agent put on a control stays where it is.
 */
export function keepFocus(): void {
  land(false, performance.now() + PATIENCE_MS);
}

/** After an action whose next step is plain (a receipt printed: finish): focus goes there. */
export function moveToNextAction(): void {
  land(true, performance.now() + PATIENCE_MS);
}

function land(always: boolean, until: number): void {
  if (!always && !parked()) return;
  const target =
    modalField() ?? nextAction() ?? (parked() ? document.querySelector<HTMLElement>('.screen h1') : null);
  if (target && focusable(target)) target.focus();
  // Focus still on a button that was disabled is not landed: Chromium drops it at its next update.
  if (target && focusable(target) && document.activeElement === target) return;
  if (performance.now() < until) requestAnimationFrame(() => land(always, until));
}

/** Focus nowhere the agent chose: on nothing, on a control gone or disabled, or on a screen's title. */
function parked(): boolean {
  const active = document.activeElement;
  return (
    !active ||
    active === document.body ||
    !active.isConnected ||
    (active instanceof HTMLButtonElement && active.disabled) ||
    active.tagName === 'H1'
  );
}

function modalField(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[role="dialog"][aria-modal="true"] input:not([disabled])');
}

/** The newest action that can take focus now; failing one, the newest still on screen (to wait for). */
function nextAction(): HTMLElement | null {
  const shown = next.map((ref) => ref.current).filter((element) => element?.isConnected) as HTMLElement[];
  return shown.findLast(focusable) ?? shown.at(-1) ?? null;
}

function focusable(element: HTMLElement): boolean {
  return !(element instanceof HTMLButtonElement && element.disabled) && !element.closest('[inert]');
}
