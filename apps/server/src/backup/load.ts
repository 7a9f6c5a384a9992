import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATIONS_DIR, migrate, sha256 } from '../db/migrate.js';
import { startBoss } from '../jobs/boss.js';
import { extractArchive, sha256File } from './archive.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest } from './dump.js';

export class RestoreError extends Error {}

/**
 * Unpacks a backup into `workDir` and checks it whole (format, every entry's size and sha256, the
 * migrations it needs exist unchanged in this code) before anything is written anywhere.
 */
export async function openBackup(archive: string, workDir: string): Promise<BackupManifest> {
  const sidecar = await fs.readFile(`${archive}.sha256`, 'utf8').catch(() => null);
  if (sidecar && sidecar.split(/\s+/)[0] !== (await sha256File(archive))) {
    throw new RestoreError(`备份文件 ${path.basename(archive)} 与其校验值不符，文件已损坏`);
  }
  try {
    await extractArchive(archive, workDir);
  } catch (error) {
    throw new RestoreError(`备份文件无法读取：${(error as Error).message}`);
  }
  const manifest = JSON.parse(
    await fs.readFile(path.join(workDir, 'manifest.json'), 'utf8').catch(() => 'null'),
  ) as BackupManifest | null;
  if (manifest?.format !== BACKUP_FORMAT || manifest.version !== BACKUP_FORMAT_VERSION) {
    throw new RestoreError('不是 TaxLens 备份文件，或备份格式版本不受支持');
  }
  const entries = [
    ...manifest.tables.map((table) => ({ name: table.entry, size: table.size, sha256: table.sha256 })),
    ...manifest.files.map((file) => ({ name: `files/${file.path}`, size: file.size, sha256: file.sha256 })),
  ];
  for (const entry of entries) {
    const file = path.join(workDir, entry.name);
    const size = (await fs.stat(file).catch(() => null))?.size;
    if (size !== entry.size || (await sha256File(file)) !== entry.sha256) {
      throw new RestoreError(`备份文件已损坏：${entry.name} 校验不符`);
    }
  }
  for (const migration of manifest.migrations) {
    const text = await fs.readFile(path.join(MIGRATIONS_DIR, migration.name), 'utf8').catch(() => null);
    if (text === null || (await sha256(text)) !== migration.checksum) {
      throw new RestoreError(
        `备份来自不同版本的 TaxLens：迁移 ${migration.name} 在当前版本中不存在或不同，请用相同版本恢复`,
      );
    }
  }
  return manifest;
}

/**
 * Loads an opened backup into `databaseUrl`, which must hold no tables yet: the backup's
 * migrations build the schema, pg-boss creates its own, then every table is emptied and COPYed
 * in one transaction (triggers and foreign-key checks off when the role may do that; the
 * manifest's order satisfies them otherwise), and every sequence is set to its saved value.
 * The row count of every table is checked against the manifest before the commit.
 */
export async function loadDatabase(options: {
  databaseUrl: string;
  workDir: string;
  manifest: BackupManifest;
  log?: (line: string) => void;
}): Promise<void> {
  const { manifest, workDir } = options;
  const log = options.log ?? (() => {});
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const existing = await client.query(
      "SELECT 1 FROM pg_tables WHERE schemaname IN ('public', 'pgboss') AND tablename <> 'schema_migrations' LIMIT 1",
    );
    if (existing.rowCount) throw new RestoreError('目标数据库不是空的：恢复只写入新建的空数据库');
    await migrate(options.databaseUrl, log, new Set(manifest.migrations.map((migration) => migration.name)));
    let queues: string[] = [];
    if (manifest.pgbossVersion !== null) {
      const boss = await startBoss(options.databaseUrl, () => {});
      await boss.stop({ graceful: false, wait: true });
      const version = (await client.query<{ version: number }>('SELECT version FROM pgboss.version')).rows[0]?.version;
      if (version === manifest.pgbossVersion) {
        queues = (await client.query<{ name: string }>('SELECT name FROM pgboss.queue')).rows.map((row) => row.name);
      } else log(`restore: queue schema ${manifest.pgbossVersion} → ${version}, queued jobs not restored`);
    }
    const ident = (name: string) => client.escapeIdentifier(name);
    const tables = manifest.tables.filter((table) => table.schema === 'public' || queues.length > 0);
    await client.query('BEGIN');
    await client.query('SAVEPOINT replica');
    await client
      .query('SET LOCAL session_replication_role = replica')
      .catch(() => client.query('ROLLBACK TO SAVEPOINT replica'));
    await client.query(`TRUNCATE ${tables.map((table) => `${ident(table.schema)}.${ident(table.name)}`).join(', ')}`);
    for (const table of tables) {
      const target = `${ident(table.schema)}.${ident(table.name)} (${table.columns.map(ident).join(', ')})`;
      // Jobs of queues this version no longer has would have no partition to go to.
      const where =
        table.schema === 'pgboss'
          ? ` WHERE name IN (${queues.map((queue) => client.escapeLiteral(queue)).join(', ')})`
          : '';
      await pipeline(
        createReadStream(path.join(workDir, table.entry)),
        client.query(copyFrom(`COPY ${target} FROM STDIN${where}`)),
      );
      const count = Number(
        (await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${ident(table.schema)}.${ident(table.name)}`))
          .rows[0]?.n,
      );
      if (table.schema === 'public' && count !== table.rows) {
        throw new RestoreError(`恢复 ${table.name} 后行数 ${count} 与备份的 ${table.rows} 不符`);
      }
      log(`restore: ${table.schema}.${table.name} ${count} rows`);
    }
    for (const sequence of manifest.sequences) {
      const name = `${ident(sequence.schema)}.${ident(sequence.name)}`;
      // A sequence the source never used starts again at its own start value (identities start at 1000).
      if (sequence.lastValue === null) await client.query(`ALTER SEQUENCE ${name} RESTART`);
      else await client.query('SELECT setval($1::regclass, $2::bigint, true)', [name, sequence.lastValue]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Copies the backup's stored files into `filesDir` (which the caller has emptied). */
export async function loadFiles(manifest: BackupManifest, workDir: string, filesDir: string): Promise<void> {
  for (const file of manifest.files) {
    const target = path.join(filesDir, file.path);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(path.join(workDir, 'files', file.path), target).catch(async () => {
      await fs.copyFile(path.join(workDir, 'files', file.path), target);
    });
  }
}
