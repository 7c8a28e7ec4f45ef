// The desk's start under plain Node with a stand-in app and dialog over a real core: when the core
// cannot start, the agent sees why in plain words with the log's path, the failure is in the log
// first, and the app exits with a non-zero code instead of lingering without a window.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import { createCore } from '../../main/core.ts';
import { runStartup, STARTUP_FAILED_EXIT_CODE } from '../../main/electron/startup.ts';
import { DATABASE_FILE } from '../../main/store/index.ts';
import { MIGRATIONS } from '../../main/store/migrations/index.ts';
import { tempDir } from '../support/store.ts';

function shell(logFile: string) {
  const order: string[] = [];
  const boxes: { title: string; content: string }[] = [];
  const exits: number[] = [];
  return {
    order,
    boxes,
    exits,
    shell: {
      app: {
        exit: (code?: number) => {
          order.push('exit');
          exits.push(code ?? 0);
        },
      },
      dialog: {
        showErrorBox: (title: string, content: string) => {
          // What the log holds when the agent reads the dialog.
          order.push(
            `dialog after ${readFileSync(logFile, 'utf8').includes('startup_failed') ? 'log' : 'nothing'}`,
          );
          boxes.push({ title, content });
        },
      },
      logFile,
    },
  };
}

test('a database from a newer CashDesk: the dialog names both schema versions and the log file, then exit non-zero', async (t) => {
  const dataDir = tempDir(t);
  const file = join(dataDir, DATABASE_FILE);
  const future = MIGRATIONS.length + 3;
  const db = new DatabaseSync(file);
  db.exec(
    'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT',
  );
  db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(
    future,
    'from-the-future',
    '2030-01-01T00:00:00.000Z',
  );
  db.close();
  const logFile = join(dataDir, 'cashdesk.log');
  const fake = shell(logFile);

  const started = await runStartup(fake.shell, async () => {
    await createCore({ dataDir, keychainService: 'cashdesk-test-never-reached' });
  });

  assert.equal(started, false);
  assert.deepEqual(fake.order, ['dialog after log', 'exit']);
  assert.deepEqual(fake.exits, [STARTUP_FAILED_EXIT_CODE]);
  assert.notEqual(STARTUP_FAILED_EXIT_CODE, 0);
  const [box] = fake.boxes;
  assert.equal(box?.title, 'CashDesk cannot start');
  assert.match(
    box?.content ?? '',
    new RegExp(
      `This data was written by a newer CashDesk \\(schema ${future}; this app knows ${MIGRATIONS.length}\\)\\. Install that version or newer\\.`,
    ),
  );
  assert.ok(box?.content.includes(logFile), 'the log file’s path is in the dialog');
  const line = JSON.parse(readFileSync(logFile, 'utf8').trim().split('\n').at(-1)!);
  assert.equal(line.level, 'error');
  assert.equal(line.event, 'startup_failed');
  assert.match(line.detail.reason, new RegExp(`schema ${future}`));
});

test('a database file that is not a database: the reason says it cannot be opened', async (t) => {
  const dataDir = tempDir(t);
  writeFileSync(join(dataDir, DATABASE_FILE), 'not a database, '.repeat(512));
  const fake = shell(join(dataDir, 'cashdesk.log'));
  await runStartup(fake.shell, async () => {
    await createCore({ dataDir, keychainService: 'cashdesk-test-never-reached' });
  });
  assert.deepEqual(fake.exits, [STARTUP_FAILED_EXIT_CODE]);
  assert.match(fake.boxes[0]?.content ?? '', /CashDesk cannot open its database: the file is damaged/);
});

test('a log that cannot be opened does not stop the dialog or the exit', async (t) => {
  const dataDir = tempDir(t);
  // The log's path is a folder: nothing can be appended to it.
  const logFile = join(dataDir, 'cashdesk.log');
  mkdirSync(logFile);
  const boxes: string[] = [];
  const exits: number[] = [];
  await runStartup(
    {
      app: { exit: (code?: number) => exits.push(code ?? 0) },
      dialog: { showErrorBox: (_title: string, content: string) => boxes.push(content) },
      logFile,
    },
    async () => {
      throw new Error('keychain is locked');
    },
  );
  assert.match(boxes[0] ?? '', /CashDesk could not start: keychain is locked/);
  assert.deepEqual(exits, [STARTUP_FAILED_EXIT_CODE]);
});

test('a start that succeeds shows nothing and exits nothing', async () => {
  const fake = shell('/nonexistent/cashdesk.log');
  assert.equal(await runStartup(fake.shell, async () => {}), true);
  assert.deepEqual(fake.order, []);
});

test('the dialog speaks the shell’s language: a Russian desk reads why in Russian, the log’s path included', async (t) => {
  const dataDir = tempDir(t);
  writeFileSync(join(dataDir, DATABASE_FILE), 'not a database, '.repeat(512));
  const logFile = join(dataDir, 'cashdesk.log');
  const fake = shell(logFile);
  await runStartup({ ...fake.shell, language: () => 'ru' }, async () => {
    await createCore({ dataDir, keychainService: 'cashdesk-test-never-reached' });
  });
  const [box] = fake.boxes;
  assert.equal(box?.title, 'CashDesk не может запуститься');
  assert.match(box?.content ?? '', /CashDesk не может открыть свою базу данных: файл повреждён/);
  assert.ok(box?.content.includes(`Подробности в файле журнала:\n${logFile}`), box?.content);
  assert.deepEqual(fake.exits, [STARTUP_FAILED_EXIT_CODE]);
});
