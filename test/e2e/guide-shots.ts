// The supervisor's guide (docs/supervisor*.md) shows screens the e2e tests walk anyway, so its
// pictures are redrawn by every run and never describe an older screen. Each is one part of the
// screen, cut to an element that holds no clock time and no port, so a run that changed nothing
// on screen writes the same bytes and leaves git clean; a changed screen shows up as a changed file.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator } from 'playwright-core';
import type { Language } from '../../common/enums.ts';

export const GUIDE_SHOTS_DIR = resolve(import.meta.dirname, '../../docs/screenshots');

/** Writes docs/screenshots/<language>/<name>.png: `part` as it shows now. */
export async function guideShot(language: Language, name: string, part: Locator): Promise<void> {
  const dir = join(GUIDE_SHOTS_DIR, language);
  mkdirSync(dir, { recursive: true });
  const page = part.page();
  const window = page.viewportSize();
  // A part taller than what the window shows below the app's header is cut at the window's edge:
  // the window grows for the picture, at the same width, so the layout is the one the agent sees.
  if (window) await page.setViewportSize({ width: window.width, height: 1_600 });
  await part.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled', caret: 'hide' });
  if (window) await page.setViewportSize(window);
}
