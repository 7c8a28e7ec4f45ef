// The desk's side of the head office: enrolment, the journal's writer and its upload, and
// the status the desk shows. An unenrolled desk journals and sends nothing, and works as before.
// The desk token lives in the OS keychain (main/vault/) and in main's memory; never in SQLite or a log.
// So does the private half of the Ed25519 key the desk makes at each enrolment and signs its
// uploads with: HQ registers the public half, and a copied token alone writes nothing.

import type { HeadOfficeStatus } from '../../common/headoffice-channels.ts';
import { EnrolResponse } from '../../common/journal-enrolment.ts';
import { refusal } from '../../common/refusal.ts';
import { deskKeyPair, deskPrivateKey } from '../../common-node/batch-signature.ts';
import { AgentError } from '../app-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { type Clock, isoNow } from '../clock.ts';
import type { Emit } from '../events.ts';
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Log } from '../log.ts';
import { type Enrolment, readEnrolment, writeEnrolment } from '../settings/enrolment.ts';
import type { Store } from '../store/index.ts';
import type { Vault } from '../vault/index.ts';
import { createDeskJournal } from './desk-journal.ts';
import { journalCheckpoints, rebaseJournal } from './desk-journal-stream.ts';
import type { HeadOfficeNote } from './entries.ts';
import { checkHqUrl, createHqClient, type HqClient, hqRefusal } from './hq-client.ts';
import { createJournalRetention } from './journal-retention.ts';
import type { HeadOfficeTables } from './tables.ts';
import { createUpload, REFUSED_MESSAGE, TOKEN_MESSAGE, type UploadState } from './upload.ts';

const UPLOAD_KEY = 'head_office_upload';
const FRESH: UploadState = { highWater: 0, lastReachedAt: null, alarm: null };

export type HeadOfficeDeps = {
  store: Pick<Store, 'settings' | 'transaction' | 'chain'>;
  tables: Pick<HeadOfficeTables, 'deskJournal'>;
  vault: Pick<Vault, 'headOfficeToken' | 'setHeadOfficeToken' | 'headOfficeKey' | 'setHeadOfficeKey'>;
  terminalId: () => string;
  audit: Pick<AuditTrail, 'record'>;
  log: Log;
  emit: Emit;
  /** Whether a supervisor reset waits for HQ's code (main/headoffice/supervisor-reset.ts). */
  resetArmed: () => boolean;
  clock: Clock;
  backoff?: { minMs: number; maxMs: number };
  timeoutMs?: number;
};

export function createHeadOffice(deps: HeadOfficeDeps) {
  const { store, log } = deps;
  const now = () => isoNow(deps.clock);
  let token: string | null = null;
  let client: HqClient | null = null;

  const enrolment = () => readEnrolment(store.settings);
  const uploadState = () => store.settings.get<UploadState>(UPLOAD_KEY) ?? FRESH;

  function status(): HeadOfficeStatus {
    const enrolled = enrolment();
    const state = uploadState();
    return {
      enrolled: enrolled !== null,
      url: enrolled?.url ?? null,
      branchName: enrolled?.branchName ?? null,
      terminalId: enrolled?.terminalId ?? null,
      waiting: enrolled ? journal.waiting(state.highWater) : 0,
      lastReachedAt: state.lastReachedAt,
      alarm: state.alarm,
      resetArmed: deps.resetArmed(),
      message:
        state.alarm === 'refused' ? REFUSED_MESSAGE : state.alarm === 'token_rejected' ? TOKEN_MESSAGE : null,
    };
  }
  const changed = () => deps.emit('hq.changed', status());
  const note = (): HeadOfficeNote => ({
    waiting: journal.waiting(uploadState().highWater),
    lastReachedAt: uploadState().lastReachedAt,
  });

  const journal = createDeskJournal({
    repo: deps.tables.deskJournal,
    transaction: store.transaction,
    afterLink: store.chain.afterLink,
    terminalId: () => enrolment()?.terminalId ?? null,
    note: () => ({
      waiting: journal.waiting(uploadState().highWater),
      lastReachedAt: uploadState().lastReachedAt,
    }),
    appended: () => upload.kick(),
    log,
  });
  const retention = createJournalRetention({
    repo: deps.tables.deskJournal,
    transaction: store.transaction,
    clock: deps.clock,
    log,
  });
  /** Deletes what HQ has held for longer than its retention; never in the upload's way. */
  function prune() {
    const state = uploadState();
    try {
      retention.prune(state.highWater, state.retentionDays);
    } catch (error) {
      log.error('desk_journal_prune_failed', { error: String(error) });
    }
  }
  /** The upload's state, with what its high-water says HQ acknowledged (or no longer holds). */
  function saveUpload(state: UploadState) {
    const before = uploadState().highWater;
    store.transaction(() => {
      store.settings.set(UPLOAD_KEY, state);
      retention.moved(before, state.highWater);
    });
    if (state.highWater > before) prune();
  }
  const upload = createUpload({
    client: () => client,
    entriesAfter: journal.entriesAfter,
    holdsAfter: retention.holdsAfter,
    state: uploadState,
    save: saveUpload,
    now,
    clock: deps.clock,
    changed,
    log,
    ...(deps.backoff ? { backoff: deps.backoff } : {}),
  });

  function connect(url: string, deskToken: string, keyPem: string | null) {
    token = deskToken;
    log.addSecret(deskToken);
    client = createHqClient(url, () => token, deps.timeoutMs, keyPem ? deskPrivateKey(keyPem) : null);
  }

  async function enrol(request: { url: string; code: string }): Promise<HeadOfficeStatus> {
    const checked = checkHqUrl(request.url);
    if ('refused' in checked) throw new AgentError('validation', checked.refused, { field: 'url' });
    const current = enrolment();
    const terminalId = deps.terminalId();
    if (current && current.terminalId !== terminalId)
      throw new AgentError('conflict', refusal('headOffice.otherTerminal'));
    // A new key each enrolment: HQ replaces the desk's key with this one once the code is accepted.
    const pair = deskKeyPair();
    const answer = await createHqClient(checked.url, () => null, deps.timeoutMs).enrol(
      request.code,
      terminalId,
      pair.publicKeyPem,
      journalCheckpoints(deps.tables.deskJournal, uploadState().highWater),
    );
    if (answer.status === 'unreachable') throw new AgentError('unreachable', refusal('headOffice.noAnswer'));
    if (answer.status !== 200) {
      const refused = hqRefusal(answer.body) ?? refusal('headOffice.refused', { status: answer.status });
      throw new AgentError('validation', refused, { field: 'code' });
    }
    const enrolled = EnrolResponse.safeParse(answer.body);
    if (!enrolled.success) throw new AgentError('invalid_response', refusal('headOffice.unreadable'));
    const { deskToken, branchId, branchName, hqSigningKey, highWater } = enrolled.data;
    const { continuesAfter = highWater, epoch = 1 } = enrolled.data;
    log.addSecret(deskToken);
    await deps.vault.setHeadOfficeToken(deskToken);
    await deps.vault.setHeadOfficeKey(pair.privateKeyPem);
    writeEnrolment(store.settings, {
      url: checked.url,
      terminalId,
      branchId,
      branchName,
      hqSigningKey,
      enrolledAt: now(),
    } satisfies Enrolment);
    // A desk that lost entries HQ holds goes on in the new stream HQ opened for it; any other keeps its stream.
    if (continuesAfter < highWater) {
      const moved = store.transaction(() =>
        rebaseJournal(
          deps.tables.deskJournal,
          terminalId,
          { epoch, continuesAfter, highWater, at: now() },
          (seq, why) => log.error('desk_journal_entry_changed', { seq, why }),
        ),
      );
      deps.audit.record(
        'head_office_new_stream',
        { epoch, lostFrom: continuesAfter + 1, lostTo: highWater, entriesMoved: moved },
        'supervisor',
      );
    }
    // HQ says where its stream stands: the upload resumes after it.
    store.settings.set(UPLOAD_KEY, { highWater, lastReachedAt: now(), alarm: null } satisfies UploadState);
    connect(checked.url, deskToken, pair.privateKeyPem);
    deps.audit.record(
      'head_office_enrolled',
      { url: checked.url, branch: branchName, terminalId },
      'supervisor',
    );
    // The desk's history so far is journalled a step at a time, off this reply's path.
    journal.schedule();
    upload.kick();
    changed();
    return status();
  }

  const handlers: HandlerTable<'hq.status' | 'hq.enrol'> = {
    'hq.status': () => status(),
    'hq.enrol': enrol,
  };

  return {
    handlers,
    status,
    enrolment,
    journal,
    /** The journal caught up (links a crash left), the token read, and the upload started. */
    async start() {
      journal.start();
      const enrolled = enrolment();
      if (!enrolled) return;
      prune();
      const stored = await deps.vault.headOfficeToken();
      if (stored) connect(enrolled.url, stored, await deps.vault.headOfficeKey());
      upload.kick();
    },
    /** Journals what is committed now, then resolves once no upload is in flight. */
    idle: () => {
      journal.catchUp();
      return upload.idle();
    },
    /** The head office's client while enrolled with a token (null otherwise). */
    client: () => client,
    terminalId: () => enrolment()?.terminalId ?? null,
    /** For the printed Z: the upload as the shift's z_report entry recorded it (now, if not journalled yet). */
    zNote(shiftId: number): HeadOfficeNote | null {
      if (!enrolment()) return null;
      return deps.tables.deskJournal.zNote(shiftId) ?? note();
    },
    /** Pushes the status again (a reset armed or done). */
    changed,
    kick: () => upload.kick(),
    close() {
      upload.close();
      journal.close();
    },
  };
}

export type HeadOffice = ReturnType<typeof createHeadOffice>;
