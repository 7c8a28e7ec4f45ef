// The one interface the server speaks to PostgreSQL through, so the same code runs on a real server
// (`pg`, a Pool, when DATABASE_URL is set: production and the tests) and on PGlite (Postgres in
// WASM, in-process: `npm run hq` out of the box).
import pg from 'pg';
import { isConnectionError } from './errors.ts';

export type Row = Record<string, unknown>;
export type Queryable = {
  query<R extends Row = Row>(text: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number }>;
};
export type Db = Queryable & {
  /** Several statements, no parameters: migrations. */
  exec(sql: string): Promise<void>;
  /** fn's queries in one transaction on one connection; committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pg' | 'pglite';
};

// bigint and numeric stay strings (money is decimal strings); timestamptz is read as ISO text.
pg.types.setTypeParser(1184, (text) => new Date(text).toISOString());

export function pgDb(connectionString: string, max = 20): Db {
  const pool = new pg.Pool({ connectionString, max });
  // No client error ends the process: an idle client's (the server restarting) is handled here and
  // the pool drops that client; a checked-out client's is handled in transaction(). The next query
  // gets a fresh connection.
  pool.on('error', () => undefined);
  const run = async <R extends Row>(client: pg.Pool | pg.PoolClient, text: string, params?: unknown[]) => {
    const result = await client.query(text, params);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  };
  return {
    kind: 'pg',
    query: (text, params) => run(pool, text, params),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      // Checked out, a client has no listener of the pool's: without this one, the server closing
      // the connection mid-transaction would be an unhandled 'error' event, and the end of HQ.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (text, params) => run(client, text, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (isConnectionError(error)) broken ??= error as Error;
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        // A broken connection is destroyed, not pooled again, and keeps its listener for any later error.
        if (!broken) client.removeListener('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

export async function pgliteDb(dataDir: string): Promise<Db> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir, {
    parsers: {
      [types.TIMESTAMPTZ]: (text: string) => new Date(text).toISOString(),
      [types.NUMERIC]: (text: string) => text,
      [types.INT8]: (text: string) => text,
    },
  });
  type Tx = { query<R>(text: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }> };
  const run = async <R extends Row>(on: Tx, text: string, params?: unknown[]) => {
    const result = await on.query<R>(text, params);
    // PGlite's affectedRows counts what DML changed, and is 0 for a SELECT: rows it returned count as pg's do.
    return { rows: result.rows, rowCount: result.rows.length || (result.affectedRows ?? 0) };
  };
  return {
    kind: 'pglite',
    query: (text, params) => run(db, text, params),
    async exec(sql) {
      await db.exec(sql);
    },
    transaction: (fn) => db.transaction((tx) => fn({ query: (text, params) => run(tx, text, params) })),
    close: () => db.close(),
  };
}
