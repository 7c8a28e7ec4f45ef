// PINs on a real core: only a hash is kept, and neither a PIN nor a hash leaves main; a guesser
// meets the wait after 3 wrong tries and the lock-out after 10, which a restart keeps; a burst of
// parallel guesses is checked one at a time; every supervised channel refuses until the supervisor
// unlocks; and a forgotten supervisor PIN is reset by a file only the OS user can place.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, test } from 'node:test';
import { type AppError, type ChannelName, type Result, SUPERVISOR_CHANNELS } from '../../common/contract.ts';
import { PIN_HASH_PARAMS } from '../../main/staff/pin-hash.ts';
import { SUPERVISOR_GRANT_MS, SUPERVISOR_RESET_FILE } from '../../main/staff/supervisor.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { testClock } from '../support/clock.ts';
import { checkout, type Harness, SHOP, startHarness, until, withDesk } from '../support/core.ts';
import { goLive, must, OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';

const PINS = { delayMs: 60, maxDelayMs: 240 };

function refusal(result: Result<unknown>): AppError {
  assert.equal(result.ok, false, `accepted: ${JSON.stringify(result).slice(0, 300)}`);
  return (result as { ok: false; error: AppError }).error;
}

async function logLines(h: Harness): Promise<{ event: string; detail: Record<string, unknown> }[]> {
  await h.core.log.flush();
  return readFileSync(join(h.dataDir, 'cashdesk.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

async function settingsOf(h: Harness) {
  const { settings } = await h.call('app.getState', {});
  const { mode: _mode, ...rest } = settings;
  return { ...rest, gatewayUrl: h.sandbox.url };
}

describe('PINs stay in main', () => {
  test('no reply, event, log line or file holds a PIN, and no reply or event a hash', async (t) => {
    const h = await startHarness(t, { day: { pinHash: PIN_HASH_PARAMS } });
    const replies: unknown[] = [];
    const invoke = async (channel: ChannelName, request: unknown) => {
      const result = await h.core.invoke(channel, request);
      replies.push(result);
      return result;
    };
    await goLive(invoke, await settingsOf(h), { tokens: [{ shopId: SHOP, token: h.sandbox.token }] });
    const dmitry = await must<{ id: number }>(invoke, 'operators.add', { name: 'Dmitry', pin: '6041739' });
    await invoke('desk.lock', {});
    await invoke('desk.unlock', { pin: '6041738' });
    await invoke('desk.unlock', { pin: OPERATOR_PIN });
    await invoke('shift.open', { operatorId: dmitry.id, pin: '6041739', float: [] });
    await invoke('operators.list', {});
    await invoke('desk.state', {});
    await invoke('supervisor.unlock', { pin: SUPERVISOR_PIN });
    await invoke('shift.cashMovement', {
      kind: 'added',
      currency: 'KZT',
      amount: '1000',
      reason: 'float top-up',
      supervisorPin: SUPERVISOR_PIN,
    });
    await invoke('shift.close', { counted: [{ currency: 'KZT', total: '1000' }] });

    const outside = JSON.stringify([replies, h.events]);
    // PINs long enough that no timestamp, UUID or hash holds them by chance.
    for (const pin of [SUPERVISOR_PIN, '6041739', '6041738']) {
      assert.ok(!outside.includes(pin), `a reply or event holds ${pin}`);
      for (const file of readdirSync(h.dataDir)) {
        assert.equal(readFileSync(join(h.dataDir, file)).indexOf(pin), -1, `${file} holds ${pin}`);
      }
    }
    assert.doesNotMatch(outside, /scrypt/);
    const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE), { readOnly: true });
    t.after(() => db.close());
    const hashes = db.prepare('SELECT subject, hash FROM pins ORDER BY subject').all();
    assert.deepEqual(
      hashes.map((r) => r.subject),
      ['operator:1', 'operator:2', 'supervisor'],
    );
    // Production cost, keyed with the keychain's pepper, and each row sealed with its MAC.
    for (const { hash } of hashes) {
      assert.match(String(hash), /^hmac-scrypt\$[\w-]{12}\$32768\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    }
    const macs = db.prepare('SELECT mac FROM pins').all();
    for (const { mac } of macs) assert.match(String(mac), /^[\w-]{12}\.[\w-]{43}$/);
    // Each try is logged, with its outcome and never the PIN.
    const tries = (await logLines(h)).filter((l) => l.event === 'pin_attempt');
    assert.ok(tries.some((l) => l.detail.outcome === 'refused' && l.detail.subject === 'operator:1'));
    assert.ok(tries.filter((l) => l.detail.outcome === 'accepted').length >= 4);
  });
});

describe('guessing', () => {
  test('a wait after 3 wrong tries, a lock-out after 10, kept across a restart until a supervisor lifts it', async (t) => {
    const clock = testClock({ at: Date.parse('2026-11-25T09:00:00Z') });
    const h = await startHarness(t, { day: { pins: PINS }, clock });
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    const { id } = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
    const open = (pin: string) => h.invoke('shift.open', { operatorId: id, pin, float: [] });

    const waits: number[] = [];
    let tries = 0;
    for (;;) {
      const error = refusal(await open(String(50_000 + tries)));
      if (error.kind === 'locked') break;
      assert.equal(error.kind, 'pin_refused');
      tries += 1;
      if (tries < 3) {
        assert.equal(error.retryAt, undefined, `try ${tries} is answered at once`);
        continue;
      }
      assert.ok(error.retryAt, `try ${tries} sets a wait`);
      const wait = Date.parse(error.retryAt) - clock.now();
      waits.push(wait);
      // Too soon: refused unchecked, and not counted.
      clock.advance(wait - 1);
      const early = refusal(await open(OPERATOR_PIN));
      assert.equal(early.kind, 'pin_refused', 'even the right PIN waits');
      assert.equal(early.retryAt, error.retryAt);
      clock.advance(1);
    }
    assert.equal(tries, 9, 'the tenth wrong PIN locks out');
    assert.ok(waits[1]! > waits[0]!, `the wait grows: ${waits.join(', ')}`);
    assert.ok(Math.max(...waits) <= PINS.maxDelayMs);

    assert.equal(refusal(await open(OPERATOR_PIN)).kind, 'locked', 'locked out: even the right PIN');
    assert.equal((await h.call('operators.list', {})).operators[0]?.lockedOut, true);
    await h.restart();
    const kept = refusal(await open(OPERATOR_PIN));
    assert.deepEqual([kept.kind, kept.field], ['locked', 'pin']);
    assert.match(kept.message, /a supervisor must lift it/);

    await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
    assert.equal((await h.call('operators.unlock', { operatorId: id })).lockedOut, false);
    assert.equal(
      (await h.call('shift.open', { operatorId: id, pin: OPERATOR_PIN, float: [] })).operator?.id,
      id,
    );
    const outcomes = (await logLines(h))
      .filter((l) => l.event === 'pin_attempt')
      .map((l) => l.detail.outcome);
    assert.deepEqual([...new Set(outcomes)].sort(), [
      'accepted',
      'locked_out',
      'refused',
      'refused_locked_out',
      'too_soon',
    ]);
  });

  test('parallel guesses are checked one at a time, and the checks never hold up other calls', async (t) => {
    const h = await startHarness(t, { day: { pins: { delayMs: 60_000 } } });
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    await h.call('supervisor.lock', {});
    const guesses = Array.from({ length: 12 }, (_, i) =>
      h.invoke('supervisor.unlock', { pin: String(70_000 + i) }),
    );
    // Another call is answered while the guesses wait their turn (an order, not a stopwatch).
    const first = await Promise.race([
      h.call('desk.state', {}).then(() => 'desk.state'),
      Promise.all(guesses).then(() => 'guesses'),
    ]);
    assert.equal(first, 'desk.state', 'the PIN checks held up another call');
    const results = await Promise.all(guesses);
    assert.ok(results.every((r) => !r.ok && r.error.kind === 'pin_refused'));
    const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE), { readOnly: true });
    t.after(() => db.close());
    assert.equal(db.prepare("SELECT failures FROM pins WHERE subject = 'supervisor'").get()?.failures, 3);
  });
});

describe('the supervisor', () => {
  test('every supervised channel refuses until the supervisor unlocks, and the unlocked time runs out', async (t) => {
    const clock = testClock({ at: Date.parse('2026-11-25T09:00:00Z') });
    const h = await startHarness(t, { clock });
    const settings = await settingsOf(h);
    // Out of the box, in training, settings are open.
    await h.call('settings.save', { ...settings, kiosk: true });
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    const { id } = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
    await h.call('supervisor.lock', {});
    const requests: Partial<Record<ChannelName, unknown>> = {
      'settings.save': { ...settings, supervisorPin: SUPERVISOR_PIN },
      'settings.setMode': { mode: 'training' },
      'settings.setToken': { shopId: SHOP, token: 'a-token-123', supervisorPin: SUPERVISOR_PIN },
      'settings.clearToken': { shopId: SHOP },
      'operators.add': { name: 'Dmitry', pin: '60417' },
      'operators.setPin': { operatorId: id, pin: '60417' },
      'operators.unlock': { operatorId: id },
      'operators.remove': { operatorId: id },
      'history.exportCsv': { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' },
      'audit.list': {},
      // A closed port on this computer: unlocked, it is refused as unreachable, never as locked.
      'hq.enrol': { url: 'http://127.0.0.1:9', code: 'ABCD-EFGH-JKLM-NPQR' },
    };
    assert.deepEqual(Object.keys(requests).sort(), [...SUPERVISOR_CHANNELS].sort());
    for (const [channel, request] of Object.entries(requests)) {
      const error = refusal(await h.invoke(channel as ChannelName, request));
      assert.deepEqual([error.kind, error.field], ['locked', 'supervisor'], channel);
    }
    assert.equal(refusal(await h.invoke('supervisor.setPin', { pin: '604173' })).kind, 'locked');
    assert.equal(refusal(await h.invoke('supervisor.unlock', { pin: '60417' })).kind, 'pin_refused');

    const unlocked = await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
    assert.ok(unlocked.supervisor.unlockedUntil);
    for (const [channel, request] of Object.entries(requests)) {
      const result = await h.invoke(channel as ChannelName, request);
      assert.ok(result.ok || result.error.kind !== 'locked', `${channel}: ${JSON.stringify(result)}`);
    }
    clock.advance(SUPERVISOR_GRANT_MS + 1);
    assert.equal(
      (await h.call('desk.state', {})).supervisor.unlockedUntil,
      null,
      'the unlocked time ran out',
    );
    // A save that changes nothing but the language needs no supervisor (the language switch).
    assert.equal(refusal(await h.invoke('settings.save', { ...settings, kiosk: true })).kind, 'locked');
  });

  test('the language switch needs no supervisor; anything else saved with it does', async (t) => {
    const h = await startHarness(t);
    const { mode: _mode, ...settings } = (await h.call('app.getState', {})).settings;
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    await h.call('supervisor.lock', {});
    const { settings: saved } = await h.call('settings.save', { ...settings, language: 'ru' });
    assert.equal(saved.language, 'ru');
    await h.call('settings.save', { ...settings, language: 'en', printing: saved.printing });
    const error = refusal(await h.invoke('settings.save', { ...settings, language: 'ru', kiosk: true }));
    assert.deepEqual([error.kind, error.field], ['locked', 'supervisor']);
    // The desk's part of the document is the supervisor's too, even beside a new language.
    const desk = (await h.call('desk.state', {})).settings;
    const withDeskChanged = { ...settings, language: 'ru' as const, desk: { ...desk, lockAfterMinutes: 30 } };
    const deskError = refusal(await h.invoke('settings.save', withDeskChanged));
    assert.deepEqual([deskError.kind, deskError.field], ['locked', 'supervisor']);
    assert.equal((await h.call('desk.state', {})).settings.lockAfterMinutes, desk.lockAfterMinutes);
    // Sent back unchanged, it is still only the language.
    await h.call('settings.save', { ...settings, language: 'ru', desk });
  });

  test('a forgotten supervisor PIN: a file in the data folder resets it and keeps everything else', async (t) => {
    const h = await startHarness(t);
    await goLive(h.core.invoke, await settingsOf(h), {
      tokens: [{ shopId: SHOP, token: h.sandbox.token }],
      float: [{ currency: 'KZT', total: '50000' }],
    });
    const created = await checkout(h, { type: 'payout', amount: '5000' });
    await h.sandbox.goOffline();
    await h.call('history.refresh', { localId: created.localId });
    await h.restart();
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE), { readOnly: true });
    t.after(() => db.close());
    const tables = () =>
      ['operations', 'operation_events', 'outbox', 'shifts', 'operators'].map(
        (table) => db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n,
      );
    const before = tables();

    writeFileSync(join(h.dataDir, SUPERVISOR_RESET_FILE), '');
    await h.restart();
    await h.call('desk.unlock', { pin: OPERATOR_PIN });
    assert.equal(existsSync(join(h.dataDir, SUPERVISOR_RESET_FILE)), false, 'the file is used up');
    const state = await h.call('desk.state', {});
    assert.equal(state.supervisor.pinSet, false);
    assert.ok(state.shift, 'the shift is still open');
    assert.deepEqual(tables().slice(0, 1), before.slice(0, 1));
    assert.deepEqual(tables().slice(2), before.slice(2));
    assert.ok((await logLines(h)).some((l) => l.event === 'supervisor_pin_reset'));
    // In Live nothing supervised opens until a new PIN is set, which needs no old one.
    const unset = refusal(await h.invoke('settings.save', { ...(await settingsOf(h)), kiosk: true }));
    assert.deepEqual([unset.kind, unset.field], ['locked', 'supervisorPin']);
    await h.call('supervisor.setPin', { pin: '582039' });
    await h.call(
      'settings.save',
      await withDesk(h, { lockAfterMinutes: 10, varianceThresholds: [], backupFolder: null, backupsKept: 3 }),
    );
    // The queued lookup resumes once the gateway is back.
    await h.sandbox.goOnline();
    h.sandbox.capture(SHOP, created.operationNumber);
    await until(async () => {
      const { operation } = await h.call('history.get', { localId: created.localId });
      return operation.status === 'captured';
    }, 'the queued lookup to settle the payout');
  });
});
