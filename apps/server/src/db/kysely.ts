import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Repository functions take either the pool handle or an open transaction. */
export type DbOrTx = Db | Tx;

// int8 (ids, fen, counts) become numbers, refusing any value a double cannot hold exactly;
// numeric stays a string so no decimal is ever rounded through a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`bigint out of safe range: ${text}`);
  return value;
});

const pools = new WeakMap<Db, pg.Pool>();

/**
 * The pg pool behind a handle made by createDb, for the one query that runs as a named prepared
 * statement (the session lookup of every signed-in request, session.service.ts); undefined for
 * other handles, which then go through Kysely.
 */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

export function createDb(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection dropped by the server (e.g. at shutdown) must not crash the process.
  pool.on('error', (error) => console.warn(`[taxlens] database connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return { db, pool };
}
