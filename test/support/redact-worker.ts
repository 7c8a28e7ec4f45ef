// One log line redacted in a thread of its own, for test/unit/log-redaction.test.ts: a redaction
// that backtracks blocks only this thread, and the test can give up on it and end it. The thread
// says `ready` once loaded and writes on `go`, so its start-up is not counted against the line.
import { parentPort, workerData } from 'node:worker_threads';
import { createLog } from '../../main/log.ts';

const { file, personal, message } = workerData as { file: string; personal: string[]; message: string };
const log = createLog(file);
for (const value of personal) log.addPersonal(value);
parentPort!.once('message', async () => {
  log.error('handler_error', { channel: 'checkout.createOperation', error: new Error(message) });
  await log.flush();
  parentPort!.postMessage('written');
});
parentPort!.postMessage('ready');
