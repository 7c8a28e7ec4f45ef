// The Chromium every renderer test, print and benchmark runs in: Debian's, headless, with nothing
// running in the background that a test did not ask for.
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ executablePath: EXECUTABLE, args: CHROMIUM_ARGS, ...options });
}

/** The same Chromium behind a WebSocket on the loopback, for several test processes to connect to. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: EXECUTABLE, args: CHROMIUM_ARGS, host: '127.0.0.1' });
}
