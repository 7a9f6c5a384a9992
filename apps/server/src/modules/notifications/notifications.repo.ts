import type { Notice, NoticeList, NoticeMsg } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { notFound } from '../../lib/app-error.js';

/** Who gets a stored notification: users of one group (the row keeps the group for separation). */
export interface NoticeRecipients {
  groupId: number;
  userIds: number[];
}

/**
 * Writes one notification per recipient. Called beside publishEvent in the same transaction, so
 * the header list and the socket pop-up tell the same news, and neither survives a rollback.
 * Recipients outside the group (or deleted) are skipped, never written into another group's list.
 */
export async function storeNotice(db: DbOrTx, to: NoticeRecipients, msgType: string, msg: NoticeMsg): Promise<void> {
  const userIds = [...new Set(to.userIds.map(Number))];
  if (userIds.length === 0) return;
  const members = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .where('group_id', '=', to.groupId)
    .where('deleted_at', 'is', null)
    .execute();
  if (members.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      members.map((member) => ({
        group_id: to.groupId,
        user_id: Number(member.id),
        msg_type: msgType,
        msg: JSON.stringify(msg),
      })),
    )
    .execute();
}

function present(row: {
  id: number;
  msg_type: string;
  msg: Record<string, unknown>;
  created_at: Date;
  read_at: Date | null;
}): Notice {
  const msg = row.msg as Partial<NoticeMsg>;
  return {
    id: Number(row.id),
    msgType: row.msg_type,
    msg: {
      id: msg.id ?? null,
      taxNo: msg.taxNo ?? null,
      taxpayerName: msg.taxpayerName ?? null,
      firmId: msg.firmId ?? null,
      reportName: msg.reportName ?? null,
      status: msg.status ?? null,
      fileName: msg.fileName ?? null,
    },
    createTime: row.created_at.toISOString(),
    read: row.read_at !== null,
  };
}

/** A user's notifications, newest first, with the unread count over all of them. */
export async function listNotices(
  db: DbOrTx,
  user: { userId: number; groupId: number },
  query: { page: number; size: number; unread: number },
): Promise<NoticeList> {
  const own = db.selectFrom('notifications').where('user_id', '=', user.userId).where('group_id', '=', user.groupId);
  const filtered = query.unread === 1 ? own.where('read_at', 'is', null) : own;
  const [rows, counts] = await Promise.all([
    filtered
      .select(['id', 'msg_type', 'msg', 'created_at', 'read_at'])
      .orderBy('id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    own
      .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) FILTER (WHERE read_at IS NULL)`.as('unread')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map(present),
    total: query.unread === 1 ? Number(counts.unread) : Number(counts.total),
    page: query.page,
    size: query.size,
    unread: Number(counts.unread),
  };
}

/** Marks one of the user's own notifications read; another user's (or group's) id is 404. */
export async function markNoticeRead(db: DbOrTx, user: { userId: number; groupId: number }, id: number) {
  const row = await db
    .updateTable('notifications')
    .set({ read_at: sql`coalesce(read_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', user.userId)
    .where('group_id', '=', user.groupId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('该通知不存在');
}

/** Marks all of the user's notifications read; returns how many changed. */
export async function markAllNoticesRead(db: DbOrTx, user: { userId: number; groupId: number }): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: sql`now()` })
    .where('user_id', '=', user.userId)
    .where('group_id', '=', user.groupId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
