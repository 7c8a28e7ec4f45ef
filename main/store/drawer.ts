// The drawer's counts as the store keeps them: each count at the close (a recount is a new row
// beside the first) and each handover between operators inside a shift. Both append-only.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type {
  CashMovementKind,
  CountedCurrency,
  DrawerCountRecord,
  Handover,
  VarianceLine,
} from '../../common/contract.ts';
import { movementOf } from './shifts.ts';

/** A cash movement as its slip shows it. */
export type CashSlipView = {
  id: number;
  at: string;
  kind: CashMovementKind;
  currency: string;
  amount: string;
  reason: string;
  operator: string;
  approved: boolean;
  /** Who held the safe (the supervisor approving it), when the movement named them. */
  safeHolder: string | null;
  shift: { id: number; terminalId: string; training: boolean };
};

type Row = Record<string, SQLInputValue>;

export type NewCount = Omit<DrawerCountRecord, 'id'>;
export type NewHandover = NewCount & {
  fromOperatorId: number | null;
  toOperatorId: number;
  to: string;
  note: string | null;
  supervisorApproved: boolean;
};

function toCount(row: Row): DrawerCountRecord {
  return {
    id: Number(row.id),
    at: String(row.at),
    operator: String(row.operator),
    counted: JSON.parse(String(row.counted)) as CountedCurrency[],
    variance: JSON.parse(String(row.variance)) as VarianceLine[],
    overThreshold: Number(row.over_threshold) === 1,
  };
}

/** `linked`: the chain's, called beside each chained row written (main/store/chain-links.ts). */
export function createDrawerRepo(db: DatabaseSync, linked: () => void) {
  const insertCount = db.prepare(`INSERT INTO close_counts (shift_id, at, operator, counted, variance,
    over_threshold) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`);
  const listCounts = db.prepare(`SELECT id, at, operator, counted, variance, over_threshold
    FROM close_counts WHERE shift_id = ? ORDER BY id`);
  const insertHandover = db.prepare(`INSERT INTO drawer_handovers (shift_id, at, from_operator_id,
    from_operator_name, to_operator_id, to_operator_name, counted, variance, over_threshold, note,
    supervisor_approved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`);
  const listHandovers = db.prepare(`SELECT id, at, from_operator_name AS operator, to_operator_name, counted,
    variance, over_threshold, note, supervisor_approved FROM drawer_handovers WHERE shift_id = ? ORDER BY id`);

  const movementById = db.prepare(`SELECT m.id, m.at, m.kind, m.currency, m.amount, m.reason, m.operator,
    m.approved, s.id AS shift_id, s.terminal_id, s.training, k.name AS safe_holder FROM cash_movements m
    JOIN shifts s ON s.id = m.shift_id LEFT JOIN cash_movement_holders k ON k.movement_id = m.id WHERE m.id = ?`);
  const insertHolder = db.prepare('INSERT INTO cash_movement_holders (movement_id, name) VALUES (?, ?)');

  return {
    /** A cash movement with its shift, as its slip prints it. */
    movement(id: number): CashSlipView | undefined {
      const row = movementById.get(id);
      if (!row) return undefined;
      return {
        ...movementOf(row),
        safeHolder: row.safe_holder == null ? null : String(row.safe_holder),
        shift: {
          id: Number(row.shift_id),
          terminalId: String(row.terminal_id),
          training: Number(row.training) === 1,
        },
      };
    },

    /** Names who held the safe for a movement, in the movement's own transaction. */
    addSafeHolder(movementId: number, name: string): void {
      insertHolder.run(movementId, name);
      linked();
    },

    addCount(shiftId: number, count: NewCount): number {
      const row = insertCount.get(
        shiftId,
        count.at,
        count.operator,
        JSON.stringify(count.counted),
        JSON.stringify(count.variance),
        count.overThreshold ? 1 : 0,
      )!;
      linked();
      return Number(row.id);
    },
    /** The shift's counts at the close, the first one first. */
    counts: (shiftId: number): DrawerCountRecord[] => listCounts.all(shiftId).map(toCount),

    addHandover(shiftId: number, handover: NewHandover): number {
      const row = insertHandover.get(
        shiftId,
        handover.at,
        handover.fromOperatorId,
        handover.operator,
        handover.toOperatorId,
        handover.to,
        JSON.stringify(handover.counted),
        JSON.stringify(handover.variance),
        handover.overThreshold ? 1 : 0,
        handover.note,
        handover.supervisorApproved ? 1 : 0,
      )!;
      linked();
      return Number(row.id);
    },
    /** The shift's handovers, oldest first. */
    handovers: (shiftId: number): Handover[] =>
      listHandovers.all(shiftId).map((row) => ({
        ...toCount(row),
        to: String(row.to_operator_name),
        note: row.note == null ? null : String(row.note),
        supervisorApproved: Number(row.supervisor_approved) === 1,
      })),
  };
}

export type DrawerRepo = ReturnType<typeof createDrawerRepo>;
