// The audit trail and the hash chain through the real core: a day of changes as the Z report prints
// them (Chromium as the printer), the trail's rows refusing UPDATE and DELETE through SQL, a
// database tampered with outside the app found at the next start (told to the supervisor, logged,
// and on the next Z report), and the gateway, token and mode kept still while a shift is open.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { describe, type TestContext, test } from 'node:test';
import type { AppError, AuditEntry, Result, ZReport } from '../../common/contract.ts';
import { tokenFingerprint } from '../../main/audit/trail.ts';
import { chainCode } from '../../main/receipts/shift-report-view.ts';
import { SUPERVISOR_RESET_FILE } from '../../main/staff/supervisor.ts';
import { CHAINED, chainHash } from '../../main/store/chain-links.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { MIGRATIONS } from '../../main/store/migrations/index.ts';
import { createChromiumPrinter } from '../e2e/chromium-printer.ts';
import { sharedPrintPage } from '../e2e/shared-browser.ts';
import { checkout, type Harness, SHOP, startHarness, withDesk } from '../support/core.ts';
import { OPERATOR_PIN, SUPERVISOR_PIN } from '../support/desk.ts';
import { pdfText, readQr, renderPng } from '../support/pdf.ts';

const NEW_PIN = '58203917';

function refusal(result: Result<unknown>): AppError {
  assert.equal(result.ok, false, `accepted: ${JSON.stringify(result).slice(0, 300)}`);
  return (result as { ok: false; error: AppError }).error;
}

async function settingsOf(h: Harness) {
  const { mode: _mode, ...rest } = (await h.call('app.getState', {})).settings;
  return rest;
}

/** A second connection to the desk's file, as someone with the file (and no app) has it. */
function openFile(t: TestContext, h: Harness): DatabaseSync {
  const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
  t.after(() => db.close());
  return db;
}

async function logEvents(h: Harness): Promise<{ level: string; event: string; detail: unknown }[]> {
  await h.core.log.flush();
  return readFileSync(join(h.dataDir, 'cashdesk.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

async function openShift(h: Harness, operatorId: number) {
  await h.call('shift.open', {
    operatorId,
    pin: OPERATOR_PIN,
    float: [{ currency: 'KZT', denominations: [{ value: '5000', count: 4 }] }],
  });
}

/** Closes the open shift with the drawer counted as expected. */
async function closeShift(h: Harness): Promise<ZReport> {
  const { cash } = await h.call('shift.current', {});
  return h.call('shift.close', { counted: cash.map((l) => ({ currency: l.currency, total: l.expected })) });
}

const kinds = (entries: AuditEntry[]) => entries.map((e) => e.kind);

/** Restarts, and waits for the check of the chain that follows every start. */
async function restartChecked(h: Harness) {
  const restarted = Date.now();
  await h.restart();
  const checked = await h.waitFor(
    'desk.changed',
    (desk) => desk.integrity.checkedAt !== null && Date.parse(desk.integrity.checkedAt) >= restarted,
  );
  await h.call('desk.unlock', { pin: OPERATOR_PIN }).catch(() => undefined);
  return checked;
}

describe('the audit trail', () => {
  test('a day of changes, old → new, as the Z report prints it, with the chain head in its QR code', async (t) => {
    const printer = createChromiumPrinter(mkdtempSync(join(tmpdir(), 'cashdesk-audit-')), sharedPrintPage);
    t.after(() => printer.close());
    const h = await startHarness(t, { printer });

    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    await h.call('supervisor.setPin', { pin: NEW_PIN, currentPin: SUPERVISOR_PIN });
    const aigerim = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
    const dmitry = await h.call('operators.add', { name: 'Dmitry', pin: '60417' });
    await h.call('operators.setPin', { operatorId: dmitry.id, pin: '60418' });
    await h.call('operators.unlock', { operatorId: dmitry.id });
    await h.call('operators.remove', { operatorId: dmitry.id });
    const before = await settingsOf(h);
    await h.call('settings.save', {
      ...before,
      gatewayUrl: h.sandbox.url,
      terminalId: 'K7',
      updateUrl: 'https://updates.example.com/cashdesk/',
      supervisorPin: NEW_PIN,
    });
    await h.call('settings.setToken', { shopId: SHOP, token: 'first-token-1234', supervisorPin: NEW_PIN });
    await h.call('settings.setToken', { shopId: SHOP, token: 'second-token-5678', supervisorPin: NEW_PIN });
    await h.call('settings.save', { ...(await settingsOf(h)), kiosk: true });
    await h.call('settings.save', { ...(await settingsOf(h)), kiosk: false });
    const desk = (await h.call('desk.state', {})).settings;
    await h.call(
      'settings.save',
      await withDesk(h, {
        ...desk,
        lockAfterMinutes: desk.lockAfterMinutes + 1,
        varianceThresholds: [{ currency: 'KZT', amount: '500' }],
      }),
    );
    // The forgotten PIN's reset, by the machine's OS user, then a new PIN.
    writeFileSync(join(h.dataDir, SUPERVISOR_RESET_FILE), '');
    await h.restart();
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });

    await openShift(h, aigerim.id);
    await h.call('shift.cashMovement', {
      kind: 'removed',
      currency: 'KZT',
      amount: '5000',
      reason: 'to the safe',
      supervisorPin: SUPERVISOR_PIN,
    });
    const x = await h.call('shift.report', {});
    assert.ok(x.audit.length > 0, 'the X report lists the changes too');

    const z = await closeShift(h);
    assert.deepEqual(kinds(z.audit), [
      'supervisor_pin_set',
      'supervisor_pin_changed',
      'operator_added',
      'operator_added',
      'operator_pin_set',
      'operator_unlocked',
      'operator_removed',
      'setting_changed',
      'setting_changed',
      'setting_changed',
      'token_changed',
      'token_changed',
      'setting_changed',
      'setting_changed',
      'desk_setting_changed',
      'desk_setting_changed',
      'supervisor_pin_reset',
      'supervisor_pin_set',
      'cash_movement_approved',
    ]);
    const changed = (field: string) =>
      z.audit.filter((e) => e.kind === 'setting_changed' && e.detail.field === field).map((e) => e.detail);
    assert.deepEqual(changed('gatewayUrl'), [{ field: 'gatewayUrl', from: null, to: h.sandbox.url }]);
    assert.deepEqual(changed('terminalId'), [{ field: 'terminalId', from: 'T01', to: 'K7' }]);
    assert.deepEqual(changed('kiosk'), [
      { field: 'kiosk', from: false, to: true },
      { field: 'kiosk', from: true, to: false },
    ]);
    const tokens = z.audit.filter((e) => e.kind === 'token_changed').map((e) => e.detail);
    assert.deepEqual(tokens, [
      { shopId: SHOP, from: null, to: tokenFingerprint('first-token-1234') },
      { shopId: SHOP, from: tokenFingerprint('first-token-1234'), to: tokenFingerprint('second-token-5678') },
    ]);
    assert.match(String(tokens[1]!.to), /^[0-9a-f]{8}$/);
    const reset = z.audit.find((e) => e.kind === 'supervisor_pin_reset')!;
    assert.equal(reset.operator, null, 'the OS user, not anyone signed in');
    const approval = z.audit.find((e) => e.kind === 'cash_movement_approved')!;
    assert.equal(approval.operator, 'supervisor');
    assert.deepEqual(
      { amount: approval.detail.amount, reason: approval.detail.reason },
      { amount: '5000', reason: 'to the safe' },
    );
    assert.ok(z.audit.every((e) => e.terminalId && !Number.isNaN(Date.parse(e.at))));
    assert.doesNotMatch(JSON.stringify(z.audit), /first-token|second-token/, 'never a token itself');
    assert.equal(z.chainHead.hash.length, 64);
    assert.ok(z.chainHead.seq > z.audit.length);

    assert.deepEqual(await h.call('receipts.printReport', { kind: 'Z', shiftId: z.shift.id }), {
      printed: true,
    });
    const pdf = printer.printed.at(-1)!.pdf;
    const squeezed = pdfText(pdf).replace(/\s/g, '');
    for (const words of [
      'CHANGES AT THIS DESK SINCE THE LAST Z REPORT',
      'Supervisor PIN set',
      'Supervisor PIN changed',
      'Supervisor PIN reset by the file in the data folder',
      'Operator added',
      'Name: Dmitry',
      'Operator removed',
      `Gateway address: — → ${h.sandbox.url}`,
      'Terminal ID: T01 → K7',
      'Update address: — → https://updates.example.com/cashdesk/',
      'Kiosk mode: no → yes',
      `Lock after (minutes): ${desk.lockAfterMinutes} → ${desk.lockAfterMinutes + 1}`,
      'Variance thresholds: none → KZT 500',
      `${tokenFingerprint('first-token-1234')} → ${tokenFingerprint('second-token-5678')}`,
      'Cash movement approved by the supervisor',
      `Chain head: ${z.chainHead.hash.slice(0, 12)}`,
    ]) {
      // pdftotext may drop a space beside the arrow: compared without spaces.
      assert.ok(squeezed.includes(words.replace(/\s/g, '')), `the printed Z report says "${words}"`);
    }
    const png = renderPng(pdf, join(mkdtempSync(join(tmpdir(), 'cashdesk-audit-png-')), 'z'));
    assert.equal(readQr(png), chainCode('K7', z.number, z.chainHead));

    // The next shift starts with a clean slate of changes; Settings lists them all, newest first.
    await openShift(h, aigerim.id);
    assert.deepEqual((await h.call('shift.report', {})).audit, []);
    await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
    const page = await h.call('audit.list', { limit: 5 });
    assert.equal(page.entries.length, 5);
    assert.equal(page.entries[0]!.kind, 'cash_movement_approved');
    assert.ok(page.entries.every((e, i) => i === 0 || e.id < page.entries[i - 1]!.id));
    const rest = await h.call('audit.list', { before: page.next! });
    assert.equal(page.entries.length + rest.entries.length, z.audit.length);
    assert.equal(rest.next, null);
  });

  test('its rows refuse UPDATE and DELETE through SQL, the reset file’s row among them', async (t) => {
    const h = await startHarness(t);
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    writeFileSync(join(h.dataDir, SUPERVISOR_RESET_FILE), '');
    await h.restart();
    const db = openFile(t, h);
    const reset = db.prepare("SELECT id FROM audit_trail WHERE kind = 'supervisor_pin_reset'").get();
    assert.ok(reset, 'the reset left its row');
    for (const sql of [
      `DELETE FROM audit_trail WHERE id = ${reset.id}`,
      "UPDATE audit_trail SET kind = 'nothing'",
      "UPDATE audit_trail SET detail = '{}'",
      'DELETE FROM audit_trail',
      'DELETE FROM chain',
      "UPDATE chain SET hash = x''",
    ]) {
      assert.throws(() => db.exec(sql), /append-only/, sql);
    }
    assert.equal(db.prepare('SELECT COUNT(*) AS n FROM audit_trail').get()!.n, 2);
  });
});

describe('tamper evidence', () => {
  /** A desk with a closed shift (a Z report, custody events, a cash movement) and an open one. */
  async function dayOnRecord(t: TestContext) {
    const h = await startHarness(t);
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    const operator = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
    await openShift(h, operator.id);
    const payin = await checkout(h, { type: 'payin', amount: '7000' });
    await h.call('checkout.recordCash', { localId: payin.localId });
    await h.call('shift.cashMovement', {
      kind: 'added',
      currency: 'KZT',
      amount: '1000',
      reason: 'change',
      supervisorPin: SUPERVISOR_PIN,
    });
    const z = await closeShift(h);
    await openShift(h, operator.id);
    assert.deepEqual((await h.call('desk.state', {})).integrity.findings, [], 'whole before');
    return { h, z, payin };
  }

  /** Restarts, and checks the supervisor is told, the log has it, and the next Z report prints it. */
  async function foundAtStart(h: Harness, expected: RegExp[]) {
    const { integrity } = await restartChecked(h);
    const messages = integrity.findings.map((f) => f.message);
    for (const pattern of expected)
      assert.ok(
        messages.some((m) => pattern.test(m)),
        `${pattern} in ${messages}`,
      );
    assert.equal(messages.length, expected.length, messages.join(' | '));
    assert.ok(
      (await logEvents(h)).some((l) => l.level === 'error' && l.event === 'chain_broken'),
      'the log has it',
    );
    // Still there after another start (recorded once), until a Z report has printed it.
    await restartChecked(h);
    assert.deepEqual(
      (await h.call('desk.state', {})).integrity.findings.map((f) => f.message),
      messages,
    );
    const next = await closeShift(h);
    const printed = next.audit.filter((e) => e.kind === 'chain_broken').map((e) => String(e.detail.message));
    assert.deepEqual(printed, messages);
  }

  test('a dropped trigger and an edited Z report', async (t) => {
    const { h, z } = await dayOnRecord(t);
    const db = openFile(t, h);
    db.exec('DROP TRIGGER z_reports_no_update');
    db.prepare(
      'UPDATE z_reports SET report = replace(report, \'"note":null\', \'"note":"all fine"\') WHERE shift_id = ?',
    ).run(z.shift.id);
    await foundAtStart(h, [
      /z_reports_no_update.*removed/,
      /Row 1 of z_reports was changed after it was written/,
    ]);
  });

  test('a deleted custody event', async (t) => {
    const { h, payin } = await dayOnRecord(t);
    const db = openFile(t, h);
    db.exec('DROP TRIGGER operation_events_no_delete');
    const deleted = db
      .prepare("DELETE FROM operation_events WHERE local_id = ? AND kind = 'cash_received' RETURNING id")
      .get(payin.localId);
    assert.ok(deleted, 'the custody event was there');
    await foundAtStart(h, [
      /operation_events_no_delete.*removed/,
      new RegExp(`Row ${deleted.id} of operation_events was deleted`),
    ]);
  });

  test('an edited cash movement with every hash after it recomputed: the seal catches it', async (t) => {
    const { h } = await dayOnRecord(t);
    const db = openFile(t, h);
    // What someone with the file and this source, but not the keychain, can do: edit, re-chain, re-seal.
    const guards = db
      .prepare("SELECT sql FROM sqlite_master WHERE name IN ('cash_movements_no_update', 'chain_no_update')")
      .all()
      .map((row) => String(row.sql));
    db.exec('DROP TRIGGER cash_movements_no_update; DROP TRIGGER chain_no_update');
    db.exec("UPDATE cash_movements SET amount = '100' WHERE id = 1");
    const links = db.prepare('SELECT seq, tbl, row_id FROM chain_links ORDER BY seq').all();
    let prev = '';
    for (const link of links) {
      const table = CHAINED.find((c) => c.table === link.tbl)!;
      const content = db
        .prepare(
          `SELECT json_array(${table.columns.join(', ')}) AS c FROM ${table.table} WHERE ${table.columns[0]} = ?`,
        )
        .get(Number(link.row_id))!.c;
      const hash = chainHash(prev, String(content));
      db.prepare('UPDATE chain SET hash = unhex(?) WHERE seq = ?').run(hash, Number(link.seq));
      prev = hash;
    }
    const guess = createHmac('sha256', randomBytes(32)).update(`${links.length}:${prev}`).digest('hex');
    db.prepare('UPDATE chain_seal SET seq = ?, hash = ?, mac = ?').run(links.length, prev, guess);
    for (const sql of guards) db.exec(sql);
    await foundAtStart(h, [/seal does not match/]);
  });

  test('a database from before the chain is linked on its first start, and checks whole', async (t) => {
    const h = await startHarness(t, { openCore: false });
    const old = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
    old.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,
      applied_at TEXT NOT NULL) STRICT`);
    const before = MIGRATIONS.findIndex((m) => m.name === '0009-audit-chain');
    MIGRATIONS.slice(0, before).forEach((migration, index) => {
      old.exec(migration.sql);
      old
        .prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)')
        .run(index + 1, migration.name, '2026-01-01T00:00:00Z');
    });
    old.exec(`INSERT INTO shifts (terminal_id, training, operator_id, operator_name, opened_at, opening_float)
      VALUES ('T01', 1, NULL, 'Training', '2026-01-01T08:00:00.000Z', '[]');
      INSERT INTO cash_movements (shift_id, at, kind, currency, amount, reason, operator, approved)
      VALUES (1, '2026-01-01T09:00:00.000Z', 'added', 'KZT', '5000', 'change', 'Training', 0)`);
    old.close();

    const started = Date.now();
    await h.restart();
    const { integrity } = await h.waitFor(
      'desk.changed',
      (desk) => desk.integrity.checkedAt !== null && Date.parse(desk.integrity.checkedAt) >= started,
    );
    assert.deepEqual(integrity.findings, []);
    const db = openFile(t, h);
    assert.deepEqual(
      db
        .prepare('SELECT seq, tbl, row_id FROM chain_links ORDER BY seq')
        .all()
        .map((r) => ({ ...r })),
      [
        { seq: 1, tbl: 'shifts', row_id: 1 },
        { seq: 2, tbl: 'cash_movements', row_id: 1 },
      ],
    );
    const z = await closeShift(h);
    assert.ok(z.chainHead.seq >= 2);
  });
});

describe('without a keychain', () => {
  test('the desk still opens, and says the seal can be neither made nor checked', (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cashdesk-no-keychain-'));
    t.after(() => rmSync(dataDir, { recursive: true, force: true }));
    const script = `
      import { createCore } from ${JSON.stringify(new URL('../../main/core.ts', import.meta.url).href)};
      const core = await createCore({ dataDir: ${JSON.stringify(dataDir)}, keychainService: 'cashdesk-test-no-keychain' });
      const checked = new Promise((resolve) => core.on((event, desk) => event === 'desk.changed' && desk.integrity.checkedAt && resolve(desk)));
      const desk = await checked;
      console.log(JSON.stringify(desk.integrity.findings.map((f) => f.message)));
      await core.close();`;
    const env = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(child.status, 0, `${child.stdout}${child.stderr}`);
    assert.deepEqual(JSON.parse(child.stdout.trim().split('\n').at(-1)!), [
      "The system keychain cannot be reached: the chain's seal can be neither made nor checked until it can.",
    ]);
  });
});

describe('restores', () => {
  test('a database put back from an older copy is recorded at its start', async (t) => {
    const h = await startHarness(t);
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    const operator = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
    await restartChecked(h);
    // The copy a backup makes (SQLite's online backup), as the supervisor's guide's restore puts back.
    const copy = join(mkdtempSync(join(tmpdir(), 'cashdesk-restore-')), DATABASE_FILE);
    const live = new DatabaseSync(join(h.dataDir, DATABASE_FILE));
    await backup(live, copy);
    live.close();
    await openShift(h, operator.id);
    await closeShift(h);
    await restartChecked(h);
    const ahead = (await h.call('shift.list', {})).shifts.length;
    assert.equal(ahead, 1);

    await h.restart({
      // As the supervisor's guide's restore: the copy in place of the database, nothing beside it.
      before: () => {
        copyFileSync(copy, join(h.dataDir, DATABASE_FILE));
        for (const extra of ['-wal', '-shm'])
          rmSync(join(h.dataDir, `${DATABASE_FILE}${extra}`), { force: true });
      },
    });
    await h.call('supervisor.unlock', { pin: SUPERVISOR_PIN });
    const { entries } = await h.call('audit.list', {});
    const restored = entries.find((e) => e.kind === 'restored');
    assert.ok(restored, 'the restore is in the trail');
    assert.equal(restored.operator, null);
    assert.ok(Number(restored.detail.lastCheckedRecords) > Number(restored.detail.recordsNow));
    assert.deepEqual((await h.call('shift.list', {})).shifts, [], 'the copy from before the shift');
  });
});

describe('the gateway, the token and the mode', () => {
  test('stay as they are while a shift is open, and a new token or address asks for the supervisor PIN again', async (t) => {
    const h = await startHarness(t);
    await h.call('settings.save', {
      ...(await settingsOf(h)),
      terminalId: 'K7',
      gatewayUrl: 'https://gateway.example.com',
    });
    await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
    // A live shift: its cash went to one gateway, with one token, in one mode. (A training shift
    // holds no real cash: those change during one, and turning Live on ends it.)
    await h.call('settings.setMode', { mode: 'live' });
    const aigerim = await h.call('operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
    await openShift(h, aigerim.id);
    const settings = await settingsOf(h);
    for (const [channel, request] of [
      ['settings.save', { ...settings, gatewayUrl: h.sandbox.url, supervisorPin: SUPERVISOR_PIN }],
      ['settings.setToken', { shopId: SHOP, token: 'a-token-1234', supervisorPin: SUPERVISOR_PIN }],
      ['settings.clearToken', { shopId: SHOP }],
      ['settings.setMode', { mode: 'training' }],
    ] as const) {
      const error = refusal(await h.invoke(channel, request));
      assert.deepEqual([error.kind, error.key], ['conflict', 'staff.shiftOpen'], channel);
    }
    // Other settings may change during a shift.
    await h.call('settings.save', { ...settings, kiosk: true });
    await closeShift(h);

    const address = { ...(await settingsOf(h)), gatewayUrl: h.sandbox.url };
    const noPin = refusal(await h.invoke('settings.save', address));
    assert.deepEqual([noPin.kind, noPin.field], ['locked', 'supervisorPin']);
    assert.equal(
      refusal(await h.invoke('settings.save', { ...address, supervisorPin: '11112222' })).kind,
      'pin_refused',
    );
    await h.call('settings.save', { ...address, supervisorPin: SUPERVISOR_PIN });
    assert.equal((await settingsOf(h)).gatewayUrl, h.sandbox.url);

    const token = { shopId: SHOP, token: 'a-token-1234' };
    const tokenNoPin = refusal(await h.invoke('settings.setToken', token));
    assert.deepEqual([tokenNoPin.kind, tokenNoPin.field], ['locked', 'supervisorPin']);
    assert.equal(
      refusal(await h.invoke('settings.setToken', { ...token, supervisorPin: '11112222' })).kind,
      'pin_refused',
    );
    const { liveTokens } = await h.call('app.getState', {});
    assert.deepEqual(liveTokens, [
      { shopId: 1001, state: 'not_set' },
      { shopId: 1002, state: 'not_set' },
    ]);
    const set = await h.call('settings.setToken', { ...token, supervisorPin: SUPERVISOR_PIN });
    assert.equal(set.liveTokens.find((s) => s.shopId === SHOP)?.state, 'set');
  });
});
