// The core's host entry as the app starts it, and one thing more for tests: told `test.throw`, it
// throws from a timer, an error nothing in the core catches (the kind a bug leaves).
import '../../main/host/entry.ts';

process.on('message', (message) => {
  if ((message as { type?: unknown } | null)?.type === 'test.throw') {
    setImmediate(() => {
      throw new Error('a bug nothing caught');
    });
  }
});
