// The keyed-serial helper: one key's work one at a time, in order, whatever the outcome of the
// work before; other keys in parallel; `shared` joins the work under way; idle keys are forgotten.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createKeyedSerial } from '../../main/keyed-serial.ts';

/** A piece of work that runs until released, recording when it starts and ends. */
function gate(log: string[], name: string) {
  let release!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    release = () => resolve(name);
    fail = reject;
  });
  const work = async () => {
    log.push(`start ${name}`);
    try {
      return await done;
    } finally {
      log.push(`end ${name}`);
    }
  };
  return { work, release: () => release(), fail: (error: Error) => fail(error) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

test('one key runs one work at a time, in order, even after a failure; another key does not wait', async () => {
  const serial = createKeyedSerial<number>();
  const log: string[] = [];
  const a1 = gate(log, 'a1');
  const a2 = gate(log, 'a2');
  const a3 = gate(log, 'a3');
  const b1 = gate(log, 'b1');
  const first = serial.run(1, a1.work);
  const second = serial.run(1, a2.work);
  const third = serial.run(1, a3.work);
  const other = serial.run(2, b1.work);
  await tick();
  assert.deepEqual(log, ['start a1', 'start b1'], 'the second of key 1 waits; key 2 runs');
  assert.equal(serial.size, 2);

  a1.fail(new Error('refused'));
  await assert.rejects(first, /refused/, 'a failure is its own caller’s');
  await tick();
  assert.deepEqual(log.slice(2), ['end a1', 'start a2'], 'the next runs after a failure');
  a2.release();
  assert.equal(await second, 'a2');
  await tick();
  a3.release();
  b1.release();
  assert.deepEqual(await Promise.all([third, other]), ['a3', 'b1']);
  await tick();
  assert.equal(serial.size, 0, 'idle keys are forgotten');
});

test('shared joins the work under way instead of running it again, and starts at once when idle', async () => {
  const serial = createKeyedSerial<string>();
  const log: string[] = [];
  const once = gate(log, 'post');
  const first = serial.shared('op-1', once.work);
  assert.deepEqual(log, ['start post'], 'an idle key starts at once, as a plain call would');
  assert.equal(serial.has('op-1'), true);
  let again = 0;
  const second = serial.shared('op-1', async () => `again ${++again}`);
  once.release();
  assert.deepEqual(await Promise.all([first, second]), ['post', 'post']);
  assert.equal(again, 0, 'the second request got the first one’s answer');
  await tick();
  assert.equal(serial.has('op-1'), false);
  assert.equal(await serial.shared('op-1', async () => 'later'), 'later', 'once settled, work runs anew');
});
