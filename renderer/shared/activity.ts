import { deskApi } from './api.ts';
import { useDesk } from './state/desk.ts';

/**
 * The idle lock lives in main, which sees only calls; keys and pointer are reported here. Once in
 * 20 s is enough against lock times counted in minutes, and keeps a typing agent from sending a
 * call per key.
 */
const TOUCH_EVERY_MS = 20_000;

export function reportActivity(): void {
  let last = 0;
  const touch = () => {
    const desk = useDesk.getState().desk;
    if (!desk?.operator || desk.locked || Date.now() - last < TOUCH_EVERY_MS) return;
    last = Date.now();
    void deskApi.touch();
  };
  for (const event of ['keydown', 'pointerdown', 'wheel'] as const) {
    document.addEventListener(event, touch, { capture: true, passive: true });
  }
}
