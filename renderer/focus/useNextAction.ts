import { type RefObject, useEffect, useRef } from 'react';

/**
 * The actions that said "I am next", newest last. The newest connected one is the next action: an
 * armed custody button comes before its screen's own next action, and hands it back when it goes.
 */
const next: RefObject<HTMLElement | null>[] = [];

/** Frames to wait for the next action to be there and enabled (a re-render, the lock screen going). */
const FRAMES = 10;

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
      next.splice(next.indexOf(ref), 1);
    };
  }, [when]);
  return ref;
}

/**
 * After anything that may have dropped focus (a button disabled while it worked, a panel or the lock
 * screen gone, an error shown): focus goes to the next action, or failing one to the screen's title.
 * Focus the agent put on a control stays where it is.
 */
export function keepFocus(): void {
  land(false, FRAMES);
}

/** After an action whose next step is plain (a receipt printed: finish): focus goes there. */
export function moveToNextAction(): void {
  land(true, FRAMES);
}

function land(always: boolean, frames: number): void {
  if (!always && !parked()) return;
  const target = nextAction() ?? (parked() ? document.querySelector<HTMLElement>('.screen h1') : null);
  if (target && focusable(target)) target.focus();
  if (target && document.activeElement === target) return;
  if (frames > 0) requestAnimationFrame(() => land(always, frames - 1));
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

function nextAction(): HTMLElement | null {
  for (let i = next.length - 1; i >= 0; i--) {
    const element = next[i]!.current;
    if (element?.isConnected) return element;
  }
  return null;
}

function focusable(element: HTMLElement): boolean {
  return !(element instanceof HTMLButtonElement && element.disabled) && !element.closest('[inert]');
}
