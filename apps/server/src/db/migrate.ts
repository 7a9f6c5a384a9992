import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');

/**
 * Applies the committed SQL files of `migrations/` in name order, each in its own transaction,
 * once. An advisory lock lets several instances start at the same time safely. A file that was
 * applied and then edited is refused: migrations are forward only.
 */
export async function migrate(
  databaseUrl: string,
  log: (message: string) => void = () => {},
  /** Only these files (a restore rebuilds the schema its backup was taken with). */
  only?: ReadonlySet<string>,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Map(
      (await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations')).rows.map(
        (row) => [row.name, row.checksum],
      ),
    );
    const files = (await fs.readdir(MIGRATIONS_DIR))
      .filter((file) => file.endsWith('.sql') && (!only || only.has(file)))
      .sort();
    let count = 0;
    for (const file of files) {
      const sql = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      const checksum = await sha256(sql);
      const known = applied.get(file);
      if (known) {
        if (known !== checksum) throw new Error(`迁移文件 ${file} 在应用后被修改，请新增迁移而不是修改旧的`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file, checksum]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`迁移 ${file} 失败: ${(error as Error).message}`);
      }
      log(`applied migration ${file}`);
      count++;
    }
    return count;
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
    await client.end();
  }
}

export async function sha256(text: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(text).digest('hex');
}
