// The event table: every event main may push to the renderer, each declared once with its payload's
// schema, beside the channel table (channels.ts).
import { z } from 'zod';
import { DeskState, ShiftSummary } from './agent-day.ts';
import { AppState, Connectivity } from './app-state.ts';
import { CONNECTION_STATES } from './enums.ts';
import { HeadOfficeStatus } from './headoffice-channels.ts';
import { Attention, LookupResult, OpenOperation, OperationView, PrintReport } from './values.ts';

export const events = {
  'operation.changed': OperationView,
  'connectivity.changed': Connectivity,
  'lookup.answered': LookupResult,
  'app.changed': AppState,
  'operation.attention': Attention,
  /** An update is downloaded and the desk is idle on Home: ask "Update ready — install now?". */
  'updates.ready': z.object({ version: z.string() }),
  'desk.changed': DeskState,
  /** A shift closed "not reconciled" was reconciled later; its Z report has the result appended. */
  'shift.reconciled': ShiftSummary,
  /** A document was printed, or failed to: automatic prints are seen only this way. */
  'receipts.printed': PrintReport,
  /** The core's own process went down and is starting again, is back, or was left stopped. */
  'core.connection': z.object({ state: z.enum(CONNECTION_STATES) }),
  /** Home's tray (the rows `history.open` reads), pushed after the commit that changed it. */
  'tray.changed': z.object({ rows: z.array(OpenOperation) }),
  /** The head office's upload moved on, stopped, or the desk was enrolled. */
  'hq.changed': HeadOfficeStatus,
} as const;
export type Events = typeof events;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
