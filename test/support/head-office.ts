// A desk enrolled at a real head office, for the journal, branch-payout and reset tests: a real core
// on a real sandbox, Live with a shift open, its journal read back from its SQLite file.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { TestContext } from 'node:test';
import type { JournalEntry } from '../../common/journal-entry.ts';
import { journalEntries } from '../../main/headoffice/desk-journal.ts';
import { createDeskJournalRepo } from '../../main/headoffice/desk-journal-repo.ts';
import type { Sandbox } from '../../main/sandbox/server.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { enrolmentCodeFor, type TestHq } from '../hq/support.ts';
import { checkout, type Harness, type HarnessOptions, SHOP, startHarness, until } from './core.ts';
import { openTwoOperatorShift, SUPERVISOR_PIN } from './desk.ts';

export function rows(h: Harness, sql: string) {
  const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE), { readOnly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

/**
 * The desk's journal as it would upload it, read from its file: each entry's text derived from its
 * chained row, checked against the hash it was sealed with (a mismatch fails the test).
 */
export function journal(h: Harness): JournalEntry[] {
  const db = new DatabaseSync(join(h.dataDir, DATABASE_FILE), { readOnly: true });
  try {
    const enrolment = db.prepare("SELECT value FROM settings WHERE key = 'head_office'").get();
    const { terminalId } = JSON.parse(String(enrolment?.value)) as { terminalId: string };
    return journalEntries(createDeskJournalRepo(db), terminalId, 0, Number.MAX_SAFE_INTEGER, (seq, why) =>
      assert.fail(`journal entry ${seq}: ${why}`),
    );
  } finally {
    db.close();
  }
}

/**
 * Enrolled at `hq`, a training sale (never journalled), then Live with Aigerim's shift on a KZT
 * 20,000 float. `gateway`: another desk's sandbox to work against (its URL and token), so desks of
 * one branch see the same operations.
 */
export async function enrolledDesk(
  t: TestContext,
  hq: TestHq,
  terminalId: string,
  options: HarnessOptions = {},
  gateway?: Sandbox,
) {
  const h = await startHarness(t, {
    headOffice: { backoff: { minMs: 50, maxMs: 200 }, timeoutMs: 5_000 },
    ...options,
  });
  const { settings } = await h.call('app.getState', {});
  const { mode: _mode, ...rest } = settings;
  const sandbox = gateway ?? h.sandbox;
  await h.call('supervisor.setPin', { pin: SUPERVISOR_PIN });
  await h.call('settings.save', {
    ...rest,
    terminalId,
    gatewayUrl: sandbox.url,
    supervisorPin: SUPERVISOR_PIN,
  });
  const { code } = await enrolmentCodeFor(hq, terminalId);
  const enrolled = await h.call('hq.enrol', { url: hq.url, code });
  assert.equal(enrolled.enrolled, true);
  assert.equal(enrolled.branchName, 'Central');
  // Enrolled, the terminal ID is the one HQ keys the journal by: it cannot change.
  const moved = await h.invoke('settings.save', {
    ...rest,
    terminalId: `${terminalId}X`,
    gatewayUrl: sandbox.url,
    supervisorPin: SUPERVISOR_PIN,
  });
  assert.equal(moved.ok, false);
  assert.match(!moved.ok ? moved.error.message : '', /enrolled at the head office .* cannot change/);
  const practice = await checkout(h, { type: 'payin', amount: '777' });
  await h.call('checkout.recordCash', { localId: practice.localId });
  // The training shift's Z report: training money never meets the Live journal.
  await h.call('shift.close', { counted: [{ currency: 'KZT', total: '777' }] });
  const { aigerim, dana } = await openTwoOperatorShift(h.invoke, {
    shopId: SHOP,
    token: sandbox.token,
  });
  return { h, practice, aigerim, dana };
}

/** Waits until HQ's high-water is the desk's last entry. */
export async function uploaded(h: Harness) {
  await h.probe.headOfficeIdle();
  await until(async () => {
    const status = await h.call('hq.status', {});
    return status.waiting === 0 && status.lastReachedAt !== null;
  }, 'the upload to catch up');
  await h.probe.headOfficeIdle();
}
