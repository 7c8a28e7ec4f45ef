// The dashboard's one way to the server: same-origin fetch with the session cookie, and on every
// mutating request the session's CSRF token. A failure is an Error carrying the server's own words.
let csrf = '';

export function setCsrf(token: string): void {
  csrf = token;
}

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function read<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new ApiError(response.status, body.message ?? `HTTP ${response.status}`);
  return body as T;
}

export const get = <T>(path: string): Promise<T> => fetch(path, { credentials: 'same-origin' }).then(read<T>);

export const post = <T>(path: string, body: unknown = {}): Promise<T> =>
  fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
    body: JSON.stringify(body),
  }).then(read<T>);

export type Amount = { currency: string; amount: string };
export type Staff = { id: number; username: string; role: 'admin' | 'supervisor'; branchId: number | null };
export type BranchSummary = {
  id: number;
  name: string;
  desks: number;
  openShifts: number;
  alarms: number;
  oldestLastEntryAt: string | null;
  openCash: number;
  unknownOps: number;
  expected: Amount[];
};
export type DeskSummary = {
  terminalId: string;
  branchId: number;
  branchName: string;
  shiftId: string | null;
  operator: string | null;
  shiftOpenedAt: string | null;
  highWater: string;
  lastEntryAt: string | null;
  lastZAt: string | null;
  lastZNumber: number | null;
  lastZVariance: { currency: string; variance: string }[] | null;
  alarms: number;
  revoked: boolean;
  expected: Amount[];
  openCash: number;
  unknownOps: number;
};
export type ZLine = {
  currency: string;
  float: string;
  received: string;
  handedOver: string;
  returned: string;
  movementsIn: string;
  movementsOut: string;
  expected: string;
  counted: string;
  variance: string;
};
export type ZReport = {
  terminalId: string;
  seq: string;
  number: number;
  closedAt: string;
  branchName?: string;
  body: {
    operator: string;
    openedAt: string;
    closedAt: string;
    currencies: ZLine[];
    openCash: {
      operationNumber: string;
      type: 'payin' | 'payout';
      amount: string;
      currency: string;
      reason: string;
    }[];
    headOffice?: { waiting: number; lastReachedAt: string | null };
  };
};
