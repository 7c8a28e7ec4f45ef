// The upload outbox: the journal's entries after the head office's high-water, in order, in batches,
// one request at a time, off the counter's path (nothing awaits it but its own loop). A network
// failure, a 5xx or a 429 sends the same batch again after a wait (HQ keys entries by terminal and
// seq, so a replay is harmless); a gap resumes from HQ's high-water; a batch too large (413) goes
// again in halves. A refusal that can never succeed (a 400 for an entry HQ cannot take, a 403, a
// refused chain or a conflict) stops the upload and raises an alarm for a person: sent again, it
// would be refused again, forever. A rejected token asks for a new enrolment. No entry is ever
// dropped: what was not acknowledged stays waiting in the journal, and what was stays for the
// retention HQ's replies set (journal-retention.ts).

import { HighWaterReply } from '../../common/hq-api/desk-routes.ts';
import { type JournalEntry, UploadRefusal, UploadResponse } from '../../common/journal-entry.ts';
import type { Clock, Timer } from '../clock.ts';
import type { HqClient } from './hq-client.ts';

export const BATCH = 500;

export type UploadAlarm = 'refused' | 'token_rejected';

/**
 * What the desk shows and the Z report prints: HQ's high-water, when it last answered, and any alarm;
 * and how long HQ last said to keep an acknowledged entry (absent before it said).
 */
export type UploadState = {
  highWater: number;
  lastReachedAt: string | null;
  alarm: UploadAlarm | null;
  retentionDays?: number;
};

export type UploadDeps = {
  client: () => HqClient | null;
  entriesAfter: (seq: number, limit: number) => JournalEntry[];
  /** Whether the journal still holds every entry after this high-water (none pruned that HQ lacks). */
  holdsAfter: (highWater: number) => boolean;
  state: () => UploadState;
  save: (state: UploadState) => void;
  now: () => string;
  clock: Clock;
  /** After each answer (or none): the status changed. */
  changed: () => void;
  log: { warn: (event: string, detail: Record<string, unknown>) => void };
  /** The wait before sending a batch again after the network failed: doubles from `min` to `max`. */
  backoff?: { minMs: number; maxMs: number };
};

export const REFUSED_MESSAGE = "The head office refused this desk's journal: call head office.";
export const TOKEN_MESSAGE = 'The head office no longer accepts this desk: enrol again in Settings.';

export function createUpload(deps: UploadDeps) {
  const backoff = deps.backoff ?? { minMs: 2_000, maxMs: 300_000 };
  let running: Promise<void> | null = null;
  let size = BATCH;
  let again = false;
  let wait = backoff.minMs;
  let timer: Timer | null = null;
  let closed = false;
  /** Whether HQ's own high-water was read since this outbox started. */
  let confirmed = false;

  const update = (patch: Partial<UploadState>) => {
    deps.save({ ...deps.state(), ...patch });
    deps.changed();
  };

  /** Sends until nothing waits, the network fails (a retry is timed) or an alarm stops it. */
  async function drain(): Promise<void> {
    for (;;) {
      const client = deps.client();
      const state = deps.state();
      if (!client || state.alarm || closed) return;
      if (!deps.holdsAfter(state.highWater)) {
        // HQ lacks entries this desk deleted after their retention: HQ was restored from a backup
        // older than it. Sending what follows would break the chain; a person must look.
        deps.log.warn('head_office_needs_pruned_entries', { highWater: state.highWater });
        update({ alarm: 'refused' });
        return;
      }
      const batch = deps.entriesAfter(state.highWater, size);
      if (!batch.length) {
        if (confirmed) return;
        // Nothing waits by this desk's count. HQ restored from an older backup holds less than it
        // acknowledged, and would learn so only from the next fact's upload: asked once a start,
        // its high-water says where to send from again.
        const held = await client.highWater();
        if (closed || held.status !== 200) return;
        confirmed = true;
        const reply = HighWaterReply.safeParse(held.body);
        if (!reply.success || reply.data.highWater >= state.highWater) return;
        deps.log.warn('head_office_holds_less', { highWater: reply.data.highWater, desk: state.highWater });
        update({ highWater: reply.data.highWater, lastReachedAt: deps.now() });
        continue;
      }
      const answer = await client.upload(batch);
      if (closed) return;
      if (answer.status === 'unreachable' || answer.status >= 500 || answer.status === 429) {
        deps.log.warn('head_office_unreachable', {
          status: answer.status,
          detail: 'detail' in answer ? answer.detail : undefined,
        });
        deps.changed();
        timer = deps.clock.setTimeout(kick, wait);
        wait = Math.min(wait * 2, backoff.maxMs);
        return;
      }
      wait = backoff.minMs;
      const reachedAt = deps.now();
      if (answer.status === 200) {
        const { highWater, retentionDays } = UploadResponse.parse(answer.body);
        // Back towards a full batch, a step at a time, after halving for a large entry.
        size = Math.min(size * 2, BATCH);
        update({ highWater, lastReachedAt: reachedAt, ...(retentionDays ? { retentionDays } : {}) });
        continue;
      }
      if (answer.status === 413 && batch.length > 1) {
        size = Math.ceil(batch.length / 2);
        deps.log.warn('head_office_batch_too_large', { entries: batch.length, next: size });
        continue;
      }
      if (answer.status === 401) {
        update({ alarm: 'token_rejected', lastReachedAt: reachedAt });
        return;
      }
      const refusal = answer.status === 409 ? UploadRefusal.safeParse(answer.body) : undefined;
      if (refusal?.success && refusal.data.error === 'gap') {
        // HQ holds less than the desk thought (or more): resume right after what it holds.
        update({ highWater: refusal.data.highWater, lastReachedAt: reachedAt });
        continue;
      }
      deps.log.warn('head_office_refused_journal', { status: answer.status, body: answer.body });
      update({ alarm: 'refused', lastReachedAt: reachedAt });
      return;
    }
  }

  function kick(): void {
    if (closed) return;
    if (timer) {
      deps.clock.clearTimeout(timer ?? undefined);
      timer = null;
    }
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => deps.log.warn('head_office_upload_failed', { error: String(error) }))
      .finally(() => {
        running = null;
        // An entry appended while a batch was out goes now, unless a failed batch's retry is timed.
        const next = again && !timer;
        again = false;
        if (next) kick();
      });
  }

  return {
    kick,
    /** Resolves once no request is in flight (a retry may still be timed). */
    idle: async () => {
      while (running) await running;
    },
    close() {
      closed = true;
      if (timer) deps.clock.clearTimeout(timer);
    },
  };
}

export type Upload = ReturnType<typeof createUpload>;
