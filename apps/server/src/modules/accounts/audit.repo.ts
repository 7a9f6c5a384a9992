import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

export interface AuditEntry {
  groupId: number | null;
  actorId: number | null;
  action: string;
  targetUserId?: number | null;
  detail?: Record<string, unknown>;
}

/** Written in the same transaction as the change it records. */
export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      group_id: entry.groupId,
      actor_id: entry.actorId,
      action: entry.action,
      target_user_id: entry.targetUserId ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
    })
    .execute();
}

export async function listAudit(db: DbOrTx, groupId: number, page: { page: number; size: number }) {
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .leftJoin('users as target', 'target.id', 'a.target_user_id')
    .select([
      'a.id',
      'a.action',
      'a.detail',
      'a.created_at',
      'actor.phone as actor_phone',
      'actor.nick_name as actor_name',
      'target.phone as target_phone',
      'target.nick_name as target_name',
      sql<string>`count(*) over ()`.as('total'),
    ])
    .where('a.group_id', '=', groupId)
    .orderBy('a.id', 'desc')
    .limit(page.size)
    .offset(page.page * page.size)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}
