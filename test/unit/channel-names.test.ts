// The name lists the preload builds `window.cashdesk` from are the contract's tables, exactly: a
// channel added to channels.ts and not to channel-names.ts (or the reverse) fails here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../common/channel-names.ts';
import { channels } from '../../common/channels.ts';
import { events } from '../../common/events.ts';

test('CHANNEL_NAMES are the channel table’s keys, in order, once each', () => {
  assert.deepEqual([...CHANNEL_NAMES], Object.keys(channels));
  assert.equal(new Set(CHANNEL_NAMES).size, CHANNEL_NAMES.length);
});

test('EVENT_NAMES are the event table’s keys, in order, once each', () => {
  assert.deepEqual([...EVENT_NAMES], Object.keys(events));
  assert.equal(new Set(EVENT_NAMES).size, EVENT_NAMES.length);
});
