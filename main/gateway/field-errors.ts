// Which of the fields a request sent the gateway's refusal names. The spec shows no error body, so
// no one shape is trusted: every common way of naming a field is read (a map of paths to reasons,
// a list of items with a path, JSON pointers, FastAPI's `loc`), and a path counts only when it
// leads to a name the request actually carried.

/** A field the refusal names, with the gateway's own reason when it gave one. */
export type FieldRefusal = { field: string; reason: string | undefined };

/** Keys an item in a list of problems uses for the field's path. */
const PATH_KEYS = [
  'field',
  'path',
  'property',
  'propertyPath',
  'pointer',
  'param',
  'parameter',
  'loc',
  'key',
];
/** Keys for the reason beside it. */
const REASON_KEYS = ['message', 'msg', 'reason', 'detail', 'description', 'error', 'title'];
/** Error bodies are small; anything deeper is not a list of field problems. */
const MAX_DEPTH = 6;

/**
 * The sent fields a refusal body names, in the order they were sent, each once. `sent` lists the
 * names in the order of the request's array, so `payerRequisites[1]` names the second one.
 */
export function refusedFields(body: unknown, sent: readonly string[]): FieldRefusal[] {
  const found = new Map<string, string | undefined>();
  const note = (path: unknown, reason: unknown) => {
    const field = resolve(path, sent);
    if (field && !found.get(field)) found.set(field, reasonText(reason));
  };
  walk(body, 0, note);
  return sent.filter((name) => found.has(name)).map((field) => ({ field, reason: found.get(field) }));
}

function walk(value: unknown, depth: number, note: (path: unknown, reason: unknown) => void): void {
  if (depth > MAX_DEPTH || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) walk(item, depth + 1, note);
    return;
  }
  const record = value as Record<string, unknown>;
  // An item of a problem list: `{ field: "phone", message: "…" }`, `{ source: { pointer } }`, …
  for (const key of PATH_KEYS) if (key in record) note(record[key], reasonOf(record));
  const source = record.source;
  if (source && typeof source === 'object' && 'pointer' in source) {
    note((source as Record<string, unknown>).pointer, reasonOf(record));
  }
  // `name` names a field only beside a reason: a bare `{ name, value }` may be the request echoed.
  if ('name' in record && reasonOf(record) !== undefined) note(record.name, reasonOf(record));
  for (const [key, inner] of Object.entries(record)) {
    // A map of paths to reasons: `{ "payerRequisites.phone": "must be…" }` or `{ phone: ["…"] }`.
    if (typeof inner === 'string' || isStringList(inner)) note(key, inner);
    walk(inner, depth + 1, note);
  }
}

function reasonOf(record: Record<string, unknown>): unknown {
  for (const key of REASON_KEYS) {
    const value = record[key];
    if (typeof value === 'string' || isStringList(value)) return value;
  }
  return undefined;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string');
}

function reasonText(reason: unknown): string | undefined {
  const text = Array.isArray(reason) ? reason.join('; ') : typeof reason === 'string' ? reason : '';
  return text.trim().slice(0, 200) || undefined;
}

/** `payerRequisites.phone`, `payerRequisites[0].value`, `/payerRequisites/0/value`, `["body", …]`. */
function resolve(path: unknown, sent: readonly string[]): string | undefined {
  const segments = segmentsOf(path);
  if (!segments) return undefined;
  for (const segment of segments) {
    const named = sent.find((name) => squash(name) === squash(segment));
    if (named) return named;
  }
  const list = segments.findIndex((segment) => /^payer_?requisites$/i.test(segment));
  const index = list >= 0 ? Number(segments[list + 1]) : Number.NaN;
  return Number.isInteger(index) ? sent[index] : undefined;
}

function segmentsOf(path: unknown): string[] | undefined {
  if (typeof path === 'string') return path.split(/[.[\]/]+/).filter(Boolean);
  if (Array.isArray(path) && path.every((p) => typeof p === 'string' || typeof p === 'number')) {
    return path.map(String);
  }
  return undefined;
}

/** `card_number`, `card-number` and `cardNumber` name the same field. */
function squash(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}
