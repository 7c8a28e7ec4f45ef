// A local JSON-lines log for support. It receives only token-free summaries: GatewayError.toJSON()
// carries no headers, and the client redacts the token from any body it keeps.
import { appendFileSync } from 'node:fs';

export function createLog(file: string) {
  return {
    write(event: string, detail: unknown) {
      const safe =
        detail && typeof detail === 'object' && 'error' in detail && detail.error instanceof Error
          ? { ...detail, error: { name: detail.error.name, message: detail.error.message } }
          : detail;
      try {
        appendFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), event, detail: safe })}\n`);
      } catch {
        // A full disk must not stop the counter; the database still holds every operation.
      }
    },
  };
}

export type Log = ReturnType<typeof createLog>;
