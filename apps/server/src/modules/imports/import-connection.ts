/**
 * Runs an import's transaction on a connection of its own, handing over both the Kysely
 * transaction (every repository function takes it) and the raw pg client behind it, which COPY
 * needs (pg-copy-streams speaks to a client, not to Kysely). Both are the same connection and so
 * the same transaction. A handle with no pg pool behind it (poolOf) gets the plain Kysely
 * transaction and no client; the caller then stores through the JSON path.
 */
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { type Db, poolOf, type Tx } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';

export async function withImportTransaction<T>(
  db: Db,
  /** `keepClient`: after a commit the client is not given back to the pool; the caller releases it. */
  work: (tx: Tx, client: pg.PoolClient | null, keepClient: () => void) => Promise<T>,
): Promise<T> {
  const pool = poolOf(db);
  if (!pool) return db.transaction().execute((tx) => work(tx, null, () => {}));
  const client = await pool.connect();
  // A one-connection "pool" for Kysely: it acquires and releases this client; the pool gets it back below.
  const own = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: {
        connect: async () => ({
          query: ((...args: Parameters<pg.PoolClient['query']>) => client.query(...args)) as pg.PoolClient['query'],
          release: () => {},
        }),
        end: async () => {},
      },
    }),
  });
  let failed = false;
  let kept = false;
  try {
    return await own.transaction().execute((tx) =>
      work(tx, client, () => {
        kept = true;
      }),
    );
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // After a failure (a COPY may have stopped half-way) the connection is closed rather than reused,
    // kept or not (which also ends any session lock it held).
    if (failed || !kept) client.release(failed);
    await own.destroy();
  }
}
