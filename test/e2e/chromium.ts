// The Chromium every renderer test, print and benchmark runs in: Debian's, headless, with nothing
// running in the background that a test did not ask for.
//
// Headless, it is Debian's chromium-headless-shell where installed: the same Blink and V8 as its
// chromium, without the browser's window and tab layers, which cost the renderer tests a fifth of
// their CPU (179 CPU-s against 231). A window, for a person to watch, needs the full chromium.
import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const WINDOWED = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : WINDOWED);

export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = options.headless === false ? WINDOWED : HEADLESS;
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, ...options });
}

/** The same Chromium behind a WebSocket on the loopback, for several test processes to connect to. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: HEADLESS, args: CHROMIUM_ARGS, host: '127.0.0.1' });
}
