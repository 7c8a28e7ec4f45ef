// `npm run preview:browser`: the e2e harness for people on machines where Electron cannot run.
// The real core and the training sandbox behind the production renderer, in Chromium: a window
// where a display exists, otherwise headless with a DevTools port to drive the page from.
import { launchChromium } from './chromium.ts';
import { openPage, startStack } from './stack.ts';

const DEVTOOLS_PORT = 9222;
const headed = Boolean(process.env.DISPLAY);

const stack = await startStack();
const browser = await launchChromium({
  headless: !headed,
  args: headed ? [] : [`--remote-debugging-port=${DEVTOOLS_PORT}`, '--remote-debugging-address=127.0.0.1'],
});
const { page, problems } = await openPage(browser, stack);
page.on('console', (message) => {
  if (message.type() === 'error') console.error(`page: ${message.text()}`);
});
await page.goto(stack.url);

console.log(`CashDesk preview (training mode) at ${stack.url}`);
console.log(`Training gateway (sandbox) at ${stack.sandbox.url}`);
console.log(`Receipts print as PDFs, at the paper size set in Settings, into ${stack.printer.outDir}`);
console.log(
  headed
    ? 'A Chromium window is open. Ctrl-C to stop.'
    : `No display: Chromium runs headless. Open chrome://inspect and add 127.0.0.1:${DEVTOOLS_PORT} to use the page ` +
        '(the URL above works only inside that Chromium, where window.cashdesk is wired). Ctrl-C to stop.',
);
if (problems.length > 0) console.error(problems.join('\n'));

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await browser.close();
  await stack.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
browser.on('disconnected', () => void stop());
