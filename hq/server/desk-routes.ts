// The desks' API: enrolment, the journal upload, and the claim of a released payout. A desk
// authenticates with its own bearer token, which HQ holds only as a hash and an admin can revoke,
// and signs each upload with the key it registered at enrolment (desk-signature.ts).
import type { Context, Hono } from 'hono';
import { statusClass } from '../../common/cash-rules/operation-answer.ts';
import { DESK_API, type HighWaterReply } from '../../common/hq-api/desk-routes.ts';
import type { EnrolResponse } from '../../common/journal-enrolment.ts';
import type {
  ClaimResponse,
  DeskRefusal,
  PayoutState,
  UploadRefusal,
  UploadResponse,
} from '../../common/journal-entry.ts';
import { englishRefusal, type Refusal, refusal } from '../../common/refusal.ts';
import { deskPublicKey } from '../../common-node/batch-signature.ts';
import { clientIp } from './client-ip.ts';
import type { Db } from './db.ts';
import { streamAtEnrolment } from './desk-epoch.ts';
import { checkBatchSignature } from './desk-signature.ts';
import { ingest } from './ingest.ts';
import { randomToken, secretHash } from './secrets.ts';
import type { SigningKey } from './signing-key.ts';
import type { StaffEnv } from './staff-auth.ts';

type Desk = { terminal_id: string; branch_id: number; public_key: string | null };

const refuse = (
  c: Context,
  status: 400 | 401 | 403 | 404 | 409,
  error: DeskRefusal['error'],
  refused: Refusal,
) => c.json({ error, message: englishRefusal(refused), refusal: refused } satisfies DeskRefusal, status);

async function deskOf(db: Db, c: Context): Promise<Desk | null> {
  const header = c.req.header('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) return null;
  const found = await db.query<Desk>(
    'SELECT terminal_id, branch_id, public_key FROM hq_desks WHERE token_hash = $1 AND token_revoked_at IS NULL',
    [secretHash(token)],
  );
  return found.rows[0] ?? null;
}

const TOKEN_REJECTED = refusal('hq.tokenRejected');

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

export function deskRoutes(app: Hono<StaffEnv>, db: Db, key: SigningKey, retentionDays: number): void {
  app.post(DESK_API.enrol.path, async (c) => {
    const parsed = DESK_API.enrol.body.safeParse(await readJson(c));
    if (!parsed.success) return refuse(c, 400, 'invalid', refusal('hq.enrolInvalid'));
    const { code, terminalId, deskPublicKey: publicKey = null, journal } = parsed.data;
    if (publicKey !== null && !deskPublicKey(publicKey))
      return refuse(c, 400, 'invalid', refusal('hq.enrolKey'));
    const token = randomToken();
    const result = await db.transaction(async (tx) => {
      // The code is spent by the one UPDATE that finds it unused: two desks racing with one code, one wins.
      const used = await tx.query<{ branch_id: number; terminal_id: string }>(
        `UPDATE hq_enrolment_codes SET used_at = now()
          WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING branch_id, terminal_id`,
        [secretHash(code)],
      );
      const row = used.rows[0];
      if (!row) return { error: 'unknown' as const };
      if (row.terminal_id !== terminalId) return { error: 'terminal' as const, expected: row.terminal_id };
      await tx.query(
        `INSERT INTO hq_desks (terminal_id, branch_id, token_hash, public_key) VALUES ($1, $2, $3, $4)
         ON CONFLICT (terminal_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, token_revoked_at = NULL,
           branch_id = EXCLUDED.branch_id, public_key = EXCLUDED.public_key, enrolled_at = now()`,
        [terminalId, row.branch_id, secretHash(token), publicKey],
      );
      const stream = await streamAtEnrolment(tx, terminalId, journal);
      const branch = await tx.query<{ name: string }>('SELECT name FROM hq_branches WHERE id = $1', [
        row.branch_id,
      ]);
      await tx.query(
        `INSERT INTO hq_audit_log (terminal_id, action, detail, ip) VALUES ($1, 'desk_enrolled', $2, $3)`,
        [terminalId, JSON.stringify({ branchId: row.branch_id, ...stream }), clientIp(c)],
      );
      return { branchId: row.branch_id, branchName: branch.rows[0]!.name, ...stream };
    });
    if ('error' in result) {
      // A code tried at another terminal is spent all the same: it has been seen where it should not be.
      return refuse(
        c,
        403,
        'invalid',
        result.error === 'terminal'
          ? refusal('hq.enrolTerminal', { expected: result.expected, terminalId })
          : refusal('hq.enrolUnknown'),
      );
    }
    return c.json({
      deskToken: token,
      branchId: result.branchId,
      branchName: result.branchName,
      hqSigningKey: key.publicKeyPem,
      highWater: result.highWater,
      continuesAfter: result.continuesAfter,
      epoch: result.epoch,
    } satisfies EnrolResponse);
  });

  app.get(DESK_API.highWater.path, async (c) => {
    const desk = await deskOf(db, c);
    if (!desk) return refuse(c, 401, 'token_rejected', TOKEN_REJECTED);
    const row = await db.query<{ high_water: string }>(
      'SELECT high_water::text AS high_water FROM hq_desks WHERE terminal_id = $1',
      [desk.terminal_id],
    );
    return c.json({ highWater: Number(row.rows[0]!.high_water), retentionDays } satisfies HighWaterReply);
  });

  app.post(DESK_API.upload.path, async (c) => {
    const desk = await deskOf(db, c);
    if (!desk) return refuse(c, 401, 'token_rejected', TOKEN_REJECTED);
    const parsed = DESK_API.upload.body.safeParse(await readJson(c));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(
        c,
        400,
        'invalid',
        refusal('hq.batchInvalid', { detail: `${issue?.path.join('.')}: ${issue?.message}` }),
      );
    }
    const { entries, signature } = parsed.data;
    const unsigned = await checkBatchSignature(db, desk, entries, signature);
    if (unsigned) return refuse(c, 403, unsigned.error, unsigned.refusal);
    if (entries.some((e) => e.terminalId !== desk.terminal_id)) {
      return refuse(c, 403, 'invalid', refusal('hq.batchTerminal', { terminalId: desk.terminal_id }));
    }
    for (let i = 1; i < entries.length; i += 1) {
      if (entries[i]!.seq <= entries[i - 1]!.seq) return refuse(c, 400, 'invalid', refusal('hq.batchOrder'));
    }
    const result = await ingest(db, desk.terminal_id, entries);
    if (result.ok) return c.json({ highWater: result.highWater, retentionDays } satisfies UploadResponse);
    const { ok: _ok, ...refused } = result;
    return c.json(refused satisfies UploadRefusal, 409);
  });

  app.get(DESK_API.payout.path, async (c) => {
    const desk = await deskOf(db, c);
    if (!desk) return refuse(c, 401, 'token_rejected', TOKEN_REJECTED);
    const payout = await payoutState(db, c.req.param('operationNumber'));
    if (!payout || payout.branchId !== desk.branch_id) {
      return refuse(c, 404, 'not_found', refusal('hq.payoutNotFound'));
    }
    return c.json(payout.state satisfies PayoutState);
  });

  app.post(DESK_API.claim.path, async (c) => {
    const desk = await deskOf(db, c);
    if (!desk) return refuse(c, 401, 'token_rejected', TOKEN_REJECTED);
    const parsed = DESK_API.claim.body.safeParse(await readJson(c));
    if (!parsed.success) return refuse(c, 400, 'invalid', refusal('hq.claimOperator'));
    const number = c.req.param('operationNumber');
    const payout = await payoutState(db, number);
    if (!payout || payout.branchId !== desk.branch_id || payout.state.operationNumber !== number) {
      return refuse(c, 404, 'not_found', refusal('hq.claimNotFound'));
    }
    const { state } = payout;
    if (state.originTerminalId === desk.terminal_id) {
      return refuse(c, 409, 'own_payout', refusal('hq.ownPayout'));
    }
    if (statusClass(state.status) !== 'captured') {
      return refuse(c, 409, 'not_captured', refusal('hq.notCaptured'));
    }
    if (state.handedOver) {
      return refuse(c, 409, 'handed_over', refusal('hq.handedOver'));
    }
    if (!state.released) {
      return refuse(
        c,
        409,
        'not_released',
        refusal('hq.notReleased', { terminalId: state.originTerminalId }),
      );
    }
    const won = await db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO hq_claims (operation_number, terminal_id, operator) VALUES ($1, $2, $3)
         ON CONFLICT (operation_number) DO NOTHING`,
        [number, desk.terminal_id, parsed.data.operator],
      );
      if (inserted.rowCount !== 1) return false;
      await tx.query(
        `INSERT INTO hq_audit_log (terminal_id, action, detail, ip) VALUES ($1, 'payout_claimed', $2, $3)`,
        [
          desk.terminal_id,
          JSON.stringify({ operationNumber: number, operator: parsed.data.operator }),
          clientIp(c),
        ],
      );
      return true;
    });
    const after = (await payoutState(db, number))!.state;
    if (!won) {
      const by = after.claim;
      return refuse(
        c,
        409,
        'already_claimed',
        by?.terminalId === desk.terminal_id
          ? refusal('hq.claimedHere')
          : refusal('hq.claimedBy', { terminalId: by?.terminalId ?? '' }),
      );
    }
    return c.json({ claimed: true, payout: after } satisfies ClaimResponse);
  });
}

export async function payoutState(
  db: Db,
  operationNumber: string,
): Promise<{ branchId: number; state: PayoutState } | null> {
  const found = await db.query<{
    operation_number: string;
    terminal_id: string;
    branch_id: number;
    amount: string;
    currency: string;
    status: string | null;
    released_by: 'supervisor' | 'z_report' | null;
    handed_over: boolean;
    claim_terminal: string | null;
    claim_at: string | null;
    claim_operator: string | null;
  }>(
    `SELECT o.operation_number, o.terminal_id, o.branch_id, o.amount::text AS amount, o.currency, o.status,
            o.released_by, o.handed_over, c.terminal_id AS claim_terminal, c.at AS claim_at, c.operator AS claim_operator
       FROM hq_operations o LEFT JOIN hq_claims c USING (operation_number)
      WHERE o.operation_number = $1 AND o.type = 'payout'`,
    [operationNumber],
  );
  const row = found.rows[0];
  if (!row) return null;
  return {
    branchId: row.branch_id,
    state: {
      operationNumber: row.operation_number,
      originTerminalId: row.terminal_id,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      released: row.released_by !== null,
      releasedBy: row.released_by,
      handedOver: row.handed_over,
      claim: row.claim_terminal
        ? { terminalId: row.claim_terminal, at: row.claim_at!, operator: row.claim_operator! }
        : null,
    },
  };
}
