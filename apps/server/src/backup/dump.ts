import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { listFiles, sha256File, writeArchive } from './archive.js';

export const BACKUP_FORMAT = 'taxlens-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface TableEntry {
  schema: string;
  name: string;
  columns: string[];
  rows: number;
  entry: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The migrations applied to the source: a restore applies exactly these, then COPYs the rows. */
  migrations: { name: string; checksum: string }[];
  /** pg-boss schema version of the source, null when it had none (its queued jobs are in `tables`). */
  pgbossVersion: number | null;
  /** In an order where every table comes after the tables it references. */
  tables: TableEntry[];
  sequences: { schema: string; name: string; lastValue: string | null }[];
  files: { path: string; size: number; sha256: string }[];
}

/**
 * Writes a logical backup of the database at `databaseUrl` and of the stored files under
 * `filesDir` to `target` (a .tar.gz), plus `target.sha256`. The schema is not dumped: it is the
 * migrations, whose names and checksums the manifest records. Every table of the application
 * (and pg-boss's job table, so queued work survives) is read with COPY inside one read-only
 * REPEATABLE READ transaction, so all tables come from one consistent snapshot while the server
 * keeps running. The embedded PostgreSQL ships no pg_dump, hence this.
 */
export async function createBackup(options: {
  databaseUrl: string;
  filesDir: string;
  target: string;
  log?: (line: string) => void;
}): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  await fs.mkdir(path.dirname(options.target), { recursive: true });
  const partial = `${options.target}.part`;
  const stage = await fs.mkdtemp(path.join(path.dirname(options.target), '.staging-'));
  const archive = writeArchive(partial);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migrated = await client.query("SELECT to_regclass('public.schema_migrations') AS name");
    if (!migrated.rows[0]?.name)
      throw new Error('数据库中还没有 TaxLens 的数据（服务从未在此 DATA_DIR 上启动过），无需备份');
    const migrations = (
      await client.query<{ name: string; checksum: string }>(
        'SELECT name, checksum FROM schema_migrations ORDER BY name',
      )
    ).rows;
    const pgbossVersion = await readPgbossVersion(client);
    const tables: TableEntry[] = [];
    for (const table of await listTables(client, pgbossVersion !== null)) {
      const entry = `db/${String(tables.length).padStart(3, '0')}_${table.schema}.${table.name}.copy`;
      const staged = path.join(stage, 'table.copy');
      const rows = await copyTableTo(client, table.schema, table.name, table.columns, staged);
      const { size, sha256 } = await archive.addFile(entry, staged);
      tables.push({ ...table, rows, entry, size, sha256 });
      log(`backup: ${table.schema}.${table.name} ${rows} rows`);
    }
    const sequences = (
      await client.query<{ schema: string; name: string; last_value: string | null }>(
        `SELECT schemaname AS schema, sequencename AS name, last_value::text FROM pg_sequences
         WHERE schemaname IN ('public', 'pgboss') ORDER BY 1, 2`,
      )
    ).rows.map((row) => ({ schema: row.schema, name: row.name, lastValue: row.last_value }));
    await client.query('COMMIT');
    // Files after the snapshot: every file the snapshot's rows name already exists by now.
    const files: BackupManifest['files'] = [];
    for (const file of await listFiles(options.filesDir)) {
      const { size, sha256 } = await archive.addFile(`files/${file}`, path.join(options.filesDir, file));
      files.push({ path: file, size, sha256 });
    }
    log(`backup: ${files.length} stored files`);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      pgbossVersion,
      tables,
      sequences,
      files,
    };
    await archive.addBuffer('manifest.json', Buffer.from(JSON.stringify(manifest, null, 1)));
    await archive.finish();
    await fs.rename(partial, options.target);
    const digest = await sha256File(options.target);
    await fs.writeFile(`${options.target}.sha256`, `${digest}  ${path.basename(options.target)}\n`);
    return manifest;
  } catch (error) {
    archive.abort();
    await fs.rm(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
    await fs.rm(stage, { recursive: true, force: true });
  }
}

async function readPgbossVersion(client: pg.Client): Promise<number | null> {
  const exists = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss'");
  if (exists.rowCount === 0) return null;
  const row = await client.query<{ version: number }>('SELECT version FROM pgboss.version');
  return row.rows[0]?.version ?? null;
}

/**
 * The tables to copy: every table of `public` but schema_migrations (the restore's migrations
 * write it), and pg-boss's job table (its other tables are recreated by pg-boss itself). Only
 * columns that hold data (no generated ones). Sorted so referenced tables come first.
 */
async function listTables(client: pg.Client, withPgboss: boolean) {
  const tables = (
    await client.query<{ oid: number; schema: string; name: string; columns: string[] }>(
      `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name,
         array(SELECT a.attname::text FROM pg_attribute a
               WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
               ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
         AND ((n.nspname = 'public' AND c.relname <> 'schema_migrations')
              OR (${withPgboss ? 'TRUE' : 'FALSE'} AND n.nspname = 'pgboss' AND c.relname = 'job'))
       ORDER BY n.nspname DESC, c.relname`,
    )
  ).rows;
  const references = (
    await client.query<{ child: number; parent: number }>(
      "SELECT conrelid::int AS child, confrelid::int AS parent FROM pg_constraint WHERE contype = 'f'",
    )
  ).rows;
  const ordered: typeof tables = [];
  const placed = new Set<number>();
  const visiting = new Set<number>();
  const byOid = new Map(tables.map((table) => [table.oid, table]));
  const visit = (table: (typeof tables)[number]) => {
    if (placed.has(table.oid) || visiting.has(table.oid)) return;
    visiting.add(table.oid);
    for (const ref of references) {
      const parent = ref.child === table.oid && ref.parent !== table.oid ? byOid.get(ref.parent) : undefined;
      if (parent) visit(parent);
    }
    placed.add(table.oid);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered.map(({ schema, name, columns }) => ({ schema, name, columns }));
}

/** COPY TO of one table into `file`; answers the row count (text format: one line per row). */
async function copyTableTo(client: pg.Client, schema: string, table: string, columns: string[], file: string) {
  const ident = (name: string) => client.escapeIdentifier(name);
  const select = `SELECT ${columns.map(ident).join(', ')} FROM ${ident(schema)}.${ident(table)}`;
  let rows = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (const byte of chunk) if (byte === 10) rows++;
      done(null, chunk);
    },
  });
  await pipeline(client.query(copyTo(`COPY (${select}) TO STDOUT`)), counting, createWriteStream(file));
  return rows;
}
