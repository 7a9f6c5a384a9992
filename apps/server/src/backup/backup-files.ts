import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createBackup } from './dump.js';

/** Scheduled archives carry this prefix; only they are pruned. Manual ones are `taxlens-<time>`. */
export const AUTO_PREFIX = 'taxlens-auto-';

export function backupName(prefix: string, at = new Date()): string {
  // Local wall-clock time of the business (UTC+8), so names sort and read the way users think.
  const stamp = new Date(at.getTime() + 8 * 3600_000).toISOString().replace(/\..*$/, '').replace(/[-:]/g, '');
  return `${prefix}${stamp.replace('T', '-')}.tar.gz`;
}

/** The scheduled archives in `dir`, newest first, with their modification times. */
export async function autoBackups(dir: string): Promise<{ name: string; mtimeMs: number }[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const archives = names.filter((name) => name.startsWith(AUTO_PREFIX) && name.endsWith('.tar.gz'));
  const stats = await Promise.all(archives.map(async (name) => ({ name, ...(await fs.stat(path.join(dir, name))) })));
  // Names carry the time they were made (sortable), so newest first is by name.
  return stats.map(({ name, mtimeMs }) => ({ name, mtimeMs })).sort((a, b) => b.name.localeCompare(a.name));
}

/**
 * One round of the schedule: when the newest scheduled archive is older than `intervalHours`
 * (or there is none), writes a new one and deletes all but the newest `keep`. Archive times
 * live on disk, so a restart neither repeats nor skips a backup. An advisory lock keeps two
 * processes on one database from backing up at the same moment. Answers the new archive's path.
 */
export async function runScheduledBackup(options: {
  databaseUrl: string;
  dataDir: string;
  intervalHours: number;
  keep: number;
  now?: Date;
  log?: (line: string) => void;
}): Promise<string | null> {
  const log = options.log ?? (() => {});
  const dir = path.join(options.dataDir, 'backups');
  const now = options.now ?? new Date();
  const due = async () => {
    const newest = (await autoBackups(dir))[0];
    return !newest || now.getTime() - newest.mtimeMs >= options.intervalHours * 3600_000;
  };
  if (!(await due())) return null;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(727002) AS ok');
    // Checked again under the lock: another process may have just finished this round's backup.
    if (!locked.rows[0]?.ok || !(await due())) return null;
    const target = path.join(dir, backupName(AUTO_PREFIX, now));
    const manifest = await createBackup({
      databaseUrl: options.databaseUrl,
      filesDir: path.join(options.dataDir, 'files'),
      target,
    });
    log(`scheduled backup written: ${target} (${manifest.tables.length} tables, ${manifest.files.length} files)`);
    for (const old of (await autoBackups(dir)).slice(options.keep)) {
      await fs.rm(path.join(dir, old.name), { force: true });
      await fs.rm(path.join(dir, `${old.name}.sha256`), { force: true });
      log(`scheduled backup removed (keeping ${options.keep}): ${old.name}`);
    }
    return target;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Checks every ten minutes whether a scheduled backup is due; a failure is logged and retried next round. */
export function startBackupSchedule(options: Omit<Parameters<typeof runScheduledBackup>[0], 'now'>): { stop(): void } {
  if (options.intervalHours <= 0) return { stop() {} };
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      await runScheduledBackup(options);
    } catch (error) {
      options.log?.(`scheduled backup failed: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void round(), 60_000);
  const timer = setInterval(() => void round(), 10 * 60_000);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

/** A scratch directory beside the backups (same disk, so restored files move instead of copy). */
export function scratchDir(dataDir: string): Promise<string> {
  return fs
    .mkdir(path.join(dataDir, 'backups'), { recursive: true })
    .then(() => fs.mkdtemp(path.join(dataDir, 'backups', '.restore-')))
    .catch(() => fs.mkdtemp(path.join(os.tmpdir(), 'taxlens-restore-')));
}
