// The supervisor (main/staff/supervisor.ts) and the gate in front of every channel (gate.ts), call
// by call on a still clock: the PIN's rules, the unlocked time and its cap, the acts that carry the
// PIN, the documented reset, and what the gate lets through a locked desk, a locked supervisor and
// a turn to Live.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CHANNEL_NAMES, type ChannelName, SUPERVISOR_CHANNELS } from '../../common/contract.ts';
import { englishRefusal, phrase, refusal } from '../../common/refusal.ts';
import { AgentError } from '../../main/app-error.ts';
import type { Handlers } from '../../main/ipc/handlers.ts';
import { writeEnrolment } from '../../main/settings/enrolment.ts';
import { DEFAULT_SETTINGS } from '../../main/settings/service.ts';
import type { Desk } from '../../main/staff/desk-lock.ts';
import { guardHandlers } from '../../main/staff/gate.ts';
import {
  SUPERVISOR_GRANT_CAP_MS,
  SUPERVISOR_GRANT_MS,
  SUPERVISOR_RESET_FILE,
} from '../../main/staff/supervisor.ts';
import { type Staff, startStaff } from '../support/staff.ts';

const PIN = '482615';
const SHORT = '4826';

async function refused(work: Promise<unknown> | (() => unknown)): Promise<AgentError> {
  let error: unknown;
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof AgentError, `not refused: ${String(error)}`);
  return error;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A live shift: its drawer is real cash. (A training one blocks nothing: Live ends it.) */
function openShift(staff: Staff) {
  staff.store.shifts.insert({
    terminalId: 'T01',
    training: false,
    operatorId: null,
    operatorName: 'Aigerim',
    openedAt: iso(staff.clock.now()),
    openingFloat: [],
  });
}

describe('the supervisor PIN', () => {
  test('the first is anyone to set, 6 digits at least; a new one needs the current one', async (t) => {
    const staff = await startStaff(t);
    const { supervisor } = staff;
    assert.equal(supervisor.pinSet(), false);
    const short = await refused(supervisor.setPin('48261', undefined));
    assert.deepEqual([short.kind, short.field], ['validation', 'pin']);
    assert.equal(short.message, 'The supervisor PIN needs 6 to 8 digits.');
    await supervisor.setPin(PIN, undefined);
    assert.equal(supervisor.pinSet(), true);
    assert.equal(supervisor.unlockedUntil(), iso(staff.clock.now() + SUPERVISOR_GRANT_MS));
    assert.deepEqual(staff.audited.at(-1), { kind: 'supervisor_pin_set', by: 'supervisor' });

    assert.ok(staff.logged.some((l) => l.event === 'supervisor_pin_set'));
    const beforeSame = staff.changes();
    await supervisor.setPin(PIN, PIN);
    assert.equal(staff.changes(), beforeSame + 1, 'a PIN set is announced');
    const none = await refused(supervisor.setPin('739154', undefined));
    assert.deepEqual([none.kind, none.field], ['locked', 'currentPin']);
    assert.equal(none.message, 'Enter the current supervisor PIN to change it.');
    const wrong = await refused(supervisor.setPin('739154', '111222'));
    assert.equal(wrong.kind, 'pin_refused');
    supervisor.lock();
    await supervisor.setPin('739154', PIN);
    assert.deepEqual(staff.audited.at(-1), { kind: 'supervisor_pin_changed', by: 'supervisor' });
    assert.notEqual(supervisor.unlockedUntil(), null);
    await supervisor.verify('739154');
    assert.equal((await refused(supervisor.verify(PIN))).kind, 'pin_refused');
  });

  test('one from before the 6-digit rule works, and asks for a new one until one is set', async (t) => {
    const staff = await startStaff(t);
    const hash = await staff.book.make('supervisor', SHORT);
    staff.store.durable(() => staff.book.write('supervisor', hash));
    assert.equal(staff.supervisor.newPinNeeded(), false);
    const before = staff.changes();
    await staff.supervisor.unlock(SHORT);
    assert.equal(staff.supervisor.newPinNeeded(), true);
    assert.equal(staff.changes(), before + 2);
    // Entered again: nothing new to say.
    await staff.supervisor.verify(SHORT);
    assert.equal(staff.changes(), before + 2);
    await staff.supervisor.setPin(PIN, SHORT);
    assert.equal(staff.supervisor.newPinNeeded(), false);
    const set = staff.changes();
    await staff.supervisor.verify(PIN);
    assert.equal(staff.supervisor.newPinNeeded(), false);
    assert.equal(staff.changes(), set, 'a PIN of 6 digits says nothing new');
  });
});

describe('the unlocked time', () => {
  test('runs out, is renewed only while open, and never past the cap', async (t) => {
    const staff = await startStaff(t);
    const { supervisor, clock } = staff;
    const none = await refused(supervisor.unlock(PIN));
    assert.deepEqual(
      [none.kind, none.field, none.message],
      ['locked', 'supervisorPin', 'No supervisor PIN is set yet.'],
    );
    await supervisor.setPin(PIN, undefined);
    supervisor.lock();
    assert.equal(supervisor.unlockedUntil(), null);
    const changes = staff.changes();
    supervisor.lock();
    assert.equal(staff.changes(), changes, 'locking a locked supervisor says nothing');
    supervisor.renew();
    assert.equal(supervisor.unlockedUntil(), null, 'a renewal does not unlock');

    await supervisor.unlock(PIN);
    const unlockedAt = clock.now();
    clock.advance(SUPERVISOR_GRANT_MS - 1);
    assert.equal(supervisor.unlockedUntil(), iso(unlockedAt + SUPERVISOR_GRANT_MS));
    supervisor.require();
    supervisor.renew();
    assert.equal(supervisor.unlockedUntil(), iso(clock.now() + SUPERVISOR_GRANT_MS));
    for (let i = 0; i < 2; i++) {
      clock.advance(SUPERVISOR_GRANT_MS - 1);
      supervisor.renew();
    }
    assert.equal(supervisor.unlockedUntil(), iso(unlockedAt + SUPERVISOR_GRANT_CAP_MS));
    const atCap = staff.changes();
    clock.advance(unlockedAt + SUPERVISOR_GRANT_CAP_MS - clock.now() - 1);
    assert.equal(staff.changes(), atCap);
    clock.advance(1);
    assert.equal(supervisor.unlockedUntil(), null);
    assert.equal(staff.changes(), atCap + 1, 'the end of the unlocked time is announced');
    const locked = await refused(() => supervisor.require());
    assert.deepEqual([locked.kind, locked.field], ['locked', 'supervisor']);
    assert.equal(locked.message, 'Only a supervisor may do this: unlock with the supervisor PIN.');
  });

  test('locking ends the unlocked time at once, and its timer with it', async (t) => {
    const staff = await startStaff(t);
    await staff.supervisor.setPin(PIN, undefined);
    const unlocked = staff.changes();
    staff.supervisor.lock();
    assert.equal(staff.changes(), unlocked + 1);
    staff.clock.advance(SUPERVISOR_GRANT_MS);
    assert.equal(staff.changes(), unlocked + 1);
  });

  test('the supervisor locked out after wrong PINs is told how to lift it', async (t) => {
    const staff = await startStaff(t, { policy: { lockOutAfter: 1 } });
    await staff.supervisor.setPin(PIN, undefined);
    const error = await refused(staff.supervisor.unlock('111222'));
    assert.equal(
      error.message,
      'The supervisor is locked out after 1 wrong PINs: reset the supervisor PIN as "A forgotten supervisor PIN" in the README describes.',
    );
  });

  test('a renewal moves the timer: the time ends when the renewed time does', async (t) => {
    const staff = await startStaff(t);
    await staff.supervisor.setPin(PIN, undefined);
    staff.clock.advance(60_000);
    staff.supervisor.renew();
    const changes = staff.changes();
    staff.clock.advance(SUPERVISOR_GRANT_MS - 1);
    assert.equal(staff.changes(), changes);
    assert.notEqual(staff.supervisor.unlockedUntil(), null);
    staff.clock.advance(1);
    assert.equal(staff.changes(), changes + 1);
  });
});

describe('without a PIN, and the acts that carry one', () => {
  test('training without a PIN asks nothing; Live without one refuses', async (t) => {
    const staff = await startStaff(t);
    const { supervisor } = staff;
    supervisor.require();
    assert.equal(supervisor.approvalNeeded(), false);
    assert.equal(await supervisor.approve(undefined, phrase('action.cashMovement')), false);
    staff.setSettings({ mode: 'live' });
    assert.equal(supervisor.approvalNeeded(), true);
    for (const error of [
      await refused(() => supervisor.require()),
      await refused(supervisor.approve(PIN, phrase('action.cashMovement'))),
    ]) {
      assert.deepEqual(
        [error.kind, error.field, error.message],
        ['locked', 'supervisorPin', 'Set a supervisor PIN first.'],
      );
    }
  });

  test('with a PIN an act needs it, whatever the mode', async (t) => {
    const staff = await startStaff(t);
    await staff.supervisor.setPin(PIN, undefined);
    assert.equal(staff.supervisor.approvalNeeded(), true);
    const none = await refused(staff.supervisor.approve(undefined, phrase('action.cashMovement')));
    assert.deepEqual(
      [none.kind, none.field, none.message],
      ['locked', 'supervisorPin', 'Cash added to or taken from the drawer needs the supervisor PIN.'],
    );
    assert.equal(
      (await refused(staff.supervisor.approve('111222', phrase('action.cashMovement')))).kind,
      'pin_refused',
    );
    assert.equal(await staff.supervisor.approve(PIN, phrase('action.cashMovement')), true);
  });
});

describe('the documented reset', () => {
  test('only a file in the data folder clears the PIN, and only when the desk is not enrolled', async (t) => {
    const staff = await startStaff(t);
    await staff.supervisor.setPin(PIN, undefined);
    staff.supervisor.resetIfAsked(staff.dir);
    assert.equal(staff.supervisor.pinSet(), true);
    assert.deepEqual(
      staff.logged.filter((l) => l.event.startsWith('supervisor_pin_reset')),
      [],
    );
    const file = join(staff.dir, SUPERVISOR_RESET_FILE);
    mkdirSync(file);
    staff.supervisor.resetIfAsked(staff.dir);
    assert.equal(staff.supervisor.pinSet(), true, 'a file that cannot be removed clears nothing');
    assert.equal(staff.logged.at(-1)?.event, 'supervisor_pin_reset_refused');
    rmdirSync(file);
    writeFileSync(file, '');
    writeEnrolment(staff.store.settings, {
      url: 'http://127.0.0.1:1',
      terminalId: 'T01',
      branchId: 1,
      branchName: 'Main',
      hqSigningKey: 'k',
      enrolledAt: iso(staff.clock.now()),
    });
    staff.supervisor.resetIfAsked(staff.dir);
    assert.equal(staff.supervisor.pinSet(), true);
    assert.ok(existsSync(file));
    staff.store.settings.set('head_office', null);
    staff.supervisor.resetIfAsked(staff.dir);
    assert.equal(staff.supervisor.pinSet(), false);
    assert.ok(!existsSync(file));
    assert.deepEqual(staff.audited.at(-1), { kind: 'supervisor_pin_reset', by: null });
  });
});

/** Every channel answers with its own name, so the test sees which handler ran. */
function gate(staff: Staff, desk: { locked: boolean; active: number }) {
  const handlers = Object.fromEntries(CHANNEL_NAMES.map((name) => [name, () => name])) as unknown as Handlers;
  const deskState = {
    locked: () => desk.locked,
    activity: () => {
      desk.active += 1;
    },
  } as unknown as Desk;
  const guarded = guardHandlers(handlers, {
    desk: deskState,
    supervisor: staff.supervisor,
    settings: staff.settings,
    store: staff.store,
  });
  return (name: ChannelName, request: unknown = {}) =>
    (guarded[name] as (request: unknown) => unknown)(request);
}

describe('the gate', () => {
  test('a locked desk answers only its lock screen and the supervisor’s work', async (t) => {
    const staff = await startStaff(t);
    const desk = { locked: true, active: 0 };
    const call = gate(staff, desk);
    const open = CHANNEL_NAMES.filter((name) => {
      try {
        call(name, name === 'settings.setMode' ? { mode: 'training' } : { ...DEFAULT_SETTINGS });
        return true;
      } catch (error) {
        return !(error instanceof AgentError && error.field === 'desk');
      }
    });
    const expected = CHANNEL_NAMES.filter(
      (name) =>
        ['app.getState', 'shift.current', 'lookup.follow', 'hq.status'].includes(name) ||
        ['desk', 'supervisor', 'operators', 'settings'].includes(name.split('.')[0]!),
    );
    assert.deepEqual(open, expected);
    const error = await refused(() => call('history.get', { localId: 1 }));
    assert.deepEqual(
      [error.kind, error.message],
      ['locked', "The desk is locked: the operator's PIN unlocks it."],
    );
  });

  test('passive reads keep no desk awake; every other call does', async (t) => {
    const staff = await startStaff(t);
    const desk = { locked: false, active: 0 };
    const call = gate(staff, desk);
    for (const name of [
      'app.getState',
      'desk.state',
      'shift.current',
      'history.open',
      'operators.list',
      'lookup.follow',
      'hq.status',
    ] as const) {
      call(name);
    }
    assert.equal(desk.active, 0);
    call('history.get', { localId: 1 });
    assert.equal(desk.active, 1);
  });

  test('supervised channels need the supervisor unlocked, and only a success renews the time', async (t) => {
    const staff = await startStaff(t);
    await staff.supervisor.setPin(PIN, undefined);
    staff.supervisor.lock();
    const call = gate(staff, { locked: false, active: 0 });
    for (const name of SUPERVISOR_CHANNELS) {
      if (name === 'settings.save') continue;
      assert.equal((await refused(() => call(name, { mode: 'training' }))).field, 'supervisor', name);
    }
    await staff.supervisor.unlock(PIN);
    staff.clock.advance(60_000);
    assert.equal(await call('settings.setMode', { mode: 'training' }), 'settings.setMode');
    assert.equal(staff.supervisor.unlockedUntil(), iso(staff.clock.now() + SUPERVISOR_GRANT_MS));
    assert.equal(call('history.get', { localId: 1 }), 'history.get');
  });

  test('the language alone needs no supervisor; anything else saved with it does', async (t) => {
    const staff = await startStaff(t);
    await staff.supervisor.setPin(PIN, undefined);
    staff.supervisor.lock();
    const call = gate(staff, { locked: false, active: 0 });
    const current = staff.settings.get();
    const { mode: _mode, ...document } = current;
    assert.equal(call('settings.save', { ...document, language: 'kk' }), 'settings.save');
    assert.equal(
      call('settings.save', { ...document, printing: undefined, language: 'ru' }),
      'settings.save',
    );
    assert.equal(call('settings.save', { ...document, desk: { lockAfterMinutes: 5 } }), 'settings.save');
    for (const asked of [
      { ...document, kiosk: !current.kiosk },
      { ...document, printing: { ...current.printing, copies: 9 } },
      { ...document, desk: { lockAfterMinutes: 6 } },
    ]) {
      assert.equal((await refused(() => call('settings.save', asked))).field, 'supervisor');
    }
  });

  test('Live needs no open shift, a supervisor PIN, and a terminal ID of its own', async (t) => {
    const staff = await startStaff(t);
    const call = gate(staff, { locked: false, active: 0 });
    const noPin = await refused(() => call('settings.setMode', { mode: 'live' }));
    assert.deepEqual(
      [noPin.kind, noPin.field, noPin.message],
      ['locked', 'supervisorPin', 'Set a supervisor PIN before turning Live on.'],
    );
    await staff.supervisor.setPin(PIN, undefined);
    staff.setSettings({ mode: 'live' });
    assert.equal(
      await call('settings.setMode', { mode: 'training' }),
      'settings.setMode',
      'back to training asks nothing',
    );
    staff.setSettings({ mode: 'training' });
    const terminal = await refused(() => call('settings.setMode', { mode: 'live' }));
    assert.deepEqual([terminal.kind, terminal.field], ['validation', 'terminalId']);
    assert.equal(
      terminal.message,
      "Choose this desk's own terminal ID before turning Live on, not the default T01: two desks with one ID collide on operation numbers.",
    );
    staff.setSettings({ terminalId: 'T07' });
    assert.equal(await call('settings.setMode', { mode: 'live' }), 'settings.setMode');
    assert.equal(await call('settings.setMode', { mode: 'training' }), 'settings.setMode');
    openShift(staff);
    assert.equal(
      await call('settings.setMode', { mode: 'training' }),
      'settings.setMode',
      'no change, no refusal',
    );
    const shift = await refused(() => call('settings.setMode', { mode: 'live' }));
    assert.deepEqual([shift.kind, shift.message], ['conflict', englishRefusal(refusal('staff.shiftOpen'))]);
  });

  test('the terminal ID: not while enrolled or a shift is open, never the default in Live', async (t) => {
    const staff = await startStaff(t);
    await staff.supervisor.setPin(PIN, undefined);
    const call = gate(staff, { locked: false, active: 0 });
    const { mode: _mode, ...document } = staff.settings.get();
    staff.setSettings({ terminalId: 'T07' });
    assert.equal(
      await call('settings.save', { ...document, terminalId: DEFAULT_SETTINGS.terminalId }),
      'settings.save',
    );
    staff.setSettings({ mode: 'live', terminalId: 'T07' });
    const toDefault = await refused(() =>
      call('settings.save', { ...document, terminalId: DEFAULT_SETTINGS.terminalId }),
    );
    assert.deepEqual(
      [toDefault.kind, toDefault.field, toDefault.message],
      ['validation', 'terminalId', "Live needs this desk's own terminal ID, not the default."],
    );
    assert.equal(await call('settings.save', { ...document, terminalId: 'T08' }), 'settings.save');
    assert.equal(await call('settings.save', { ...document, terminalId: 'T07' }), 'settings.save');
    openShift(staff);
    const open = await refused(() => call('settings.save', { ...document, terminalId: 'T09' }));
    assert.deepEqual(
      [open.kind, open.field, open.message],
      ['conflict', 'terminalId', 'The terminal ID cannot change while a shift is open.'],
    );
    writeEnrolment(staff.store.settings, {
      url: 'http://127.0.0.1:1',
      terminalId: 'T07',
      branchId: 1,
      branchName: 'Main',
      hqSigningKey: 'k',
      enrolledAt: iso(staff.clock.now()),
    });
    const enrolled = await refused(() => call('settings.save', { ...document, terminalId: 'T09' }));
    assert.deepEqual(
      [enrolled.kind, enrolled.field, enrolled.message],
      ['conflict', 'terminalId', englishRefusal(refusal('staff.enrolledTerminal'))],
    );
    assert.equal(
      await call('settings.save', { ...document, terminalId: 'T07' }),
      'settings.save',
      'its own ID stays',
    );
  });

  test('an update URL is set only on a desk a supervisor PIN guards', async (t) => {
    const staff = await startStaff(t);
    const call = gate(staff, { locked: false, active: 0 });
    const { mode: _mode, ...document } = staff.settings.get();
    assert.equal(await call('settings.save', { ...document, updateUrl: null }), 'settings.save');
    const error = await refused(() =>
      call('settings.save', { ...document, updateUrl: 'https://updates.example' }),
    );
    assert.deepEqual(
      [error.kind, error.field, error.message],
      ['locked', 'supervisorPin', 'Set a supervisor PIN before setting an update URL.'],
    );
    staff.setSettings({ updateUrl: 'https://updates.example' });
    assert.equal(
      await call('settings.save', { ...document, updateUrl: 'https://updates.example' }),
      'settings.save',
    );
    await staff.supervisor.setPin(PIN, undefined);
    assert.equal(
      await call('settings.save', { ...document, updateUrl: 'https://other.example' }),
      'settings.save',
    );
  });
});
