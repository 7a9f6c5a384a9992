import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';

/**
 * How imports share the workers (issue 12: one group's 7 MB file held the only worker for two
 * minutes while another group's small upload waited). Each process runs `workers` import workers;
 * one group may have at most `perGroup` files processing at once across all processes, and each
 * file gets `timeLimitMs` from its start before it is stopped and refused.
 */
export interface ImportSettings {
  workers: number;
  perGroup: number;
  timeLimitMs: number;
  /** Large invoice exports are read on an import thread (invoice-import.runner.ts). */
  readThread?: boolean;
}

export const DEFAULT_IMPORT_SETTINGS: ImportSettings = { workers: 3, perGroup: 2, timeLimitMs: 600_000 };

export function importSettingsFrom(config: {
  IMPORT_WORKERS: number;
  IMPORT_GROUP_SHARE?: number;
  IMPORT_TIME_LIMIT_SECONDS: number;
  IMPORT_READ_THREAD?: 'on' | 'off';
}): ImportSettings {
  return {
    readThread: config.IMPORT_READ_THREAD !== 'off',
    workers: config.IMPORT_WORKERS,
    // Unset: all workers but one, so a group alone uses nearly all and another group always finds one free.
    perGroup: config.IMPORT_GROUP_SHARE ?? Math.max(1, config.IMPORT_WORKERS - 1),
    timeLimitMs: config.IMPORT_TIME_LIMIT_SECONDS * 1000,
  };
}

/**
 * The queue priority of an import: minus the number of the group's unfinished files uploaded
 * before it. The queue serves higher priorities first, so each group's first waiting file goes
 * before any group's second: a group's pile of uploads queues behind everyone else's next file.
 */
export async function groupRank(db: DbOrTx, importId: number, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('imports')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('group_id', '=', groupId)
    .where('status', 'in', ['queued', 'parsing'])
    .where('id', '<', importId)
    .executeTakeFirst();
  return -(row?.n ?? 0);
}

/**
 * Takes one of the group's processing slots for this import: marks it parsing when fewer than
 * `perGroup` other files of the group are parsing (one lock per group makes the count and the
 * mark atomic across processes). A file that has been parsing longer than the time limit plus a
 * margin does not hold a slot: its process died and the queue is about to retry it.
 * One company's files still go one at a time, in upload order, as with a single worker: a later
 * file replaces an earlier one's data, so it must not overtake it.
 */
export async function claimImportSlot(
  db: Db,
  row: { id: number; group_id: number; company_id: number },
  settings: ImportSettings,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(727003, ${row.group_id}::int)`.execute(tx);
    const alive = new Date(Date.now() - settings.timeLimitMs - 120_000);
    const busy = await tx
      .selectFrom('imports')
      .select([
        sql<number>`count(*) FILTER (WHERE status = 'parsing')::int`.as('parsing'),
        sql<number>`count(*) FILTER (WHERE company_id = ${row.company_id} AND (status = 'parsing' OR id < ${row.id}))::int`.as(
          'company',
        ),
      ])
      .where('group_id', '=', row.group_id)
      .where('id', '<>', row.id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'parsing'), eb('started_at', '>', alive)]),
          // An earlier upload still waiting; one left without a queued job (a crash between the two writes) stops blocking after a while.
          eb.and([eb('status', '=', 'queued'), eb('created_at', '>', new Date(alive.getTime() - 600_000))]),
        ]),
      )
      .executeTakeFirst();
    if ((busy?.parsing ?? 0) >= settings.perGroup || (busy?.company ?? 0) > 0) return false;
    await tx
      .updateTable('imports')
      .set({ status: 'parsing', started_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return true;
  });
}

export class ImportTimeLimitError extends Error {}

export function timeLimitMessage(limitMs: number): string {
  const seconds = Math.round(limitMs / 1000);
  const span = seconds < 120 ? `${seconds} 秒` : `${Math.round(seconds / 60)} 分钟`;
  return `导入超时：文件未能在 ${span}内处理完，本次未导入任何数据。请将文件拆分为较小的文件后重新上传`;
}

/**
 * The time limit of one file. Parsing checks it between batches; every statement of the import's
 * transaction runs under a statement_timeout of the time left, so a file stuck waiting on the
 * database is stopped too. Either way the transaction rolls back: nothing of the file is stored.
 */
export class ImportDeadline {
  private readonly endsAt: number;

  constructor(readonly limitMs: number) {
    this.endsAt = Date.now() + limitMs;
  }

  message(): string {
    return timeLimitMessage(this.limitMs);
  }

  check(): void {
    if (Date.now() >= this.endsAt) throw new ImportTimeLimitError(this.message());
  }

  /** Checks, then bounds the next statements of `tx` by the time left. */
  async bound(tx: DbOrTx): Promise<void> {
    this.check();
    const left = Math.max(1, this.endsAt - Date.now());
    await sql`SELECT set_config('statement_timeout', ${String(left)}, true)`.execute(tx);
  }

  /** Whether `error` is this limit: our own check, or PostgreSQL cancelling a statement for it. */
  static isTimeout(error: unknown): boolean {
    return error instanceof ImportTimeLimitError || (error as { code?: string } | null)?.code === '57014';
  }
}
