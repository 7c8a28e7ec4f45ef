// The gateway writes UTC with a numeric offset (`+00:00`), never `Z`; the sandbox does the same so
// the app's parsing is exercised on the real form.

/** `YYYY-MM-DDTHH:MM:SS+00:00`, the form the spec shows for `expiredAt`. */
export function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

/** Milliseconds kept so that a status change within the same second still changes `updatedAt`. */
export function isoMillis(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+00:00');
}
