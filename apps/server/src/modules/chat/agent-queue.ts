import { levelLabel, reportKindByReportType } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { businessNumber } from './conversations.js';

export type QueueFilter = 'open' | 'waiting' | 'mine' | 'closed';

/** Customer messages the agent side has not read yet, per conversation. */
const unreadOf = sql<string>`(SELECT count(*) FROM chat_messages m
  WHERE m.conversation_id = c.id AND m.author = 'customer' AND m.id > c.agent_read_id)`;

/**
 * The agent console's queue: waiting conversations first (longest wait first), then those in a
 * human's hands; each with the customer's group, level and the group's recent reports.
 */
export async function agentQueue(db: DbOrTx, agentId: number, filter: QueueFilter) {
  let query = db
    .selectFrom('chat_conversations as c')
    .innerJoin('groups as g', 'g.id', 'c.group_id')
    .leftJoin('users as u', 'u.id', 'c.customer_id')
    .leftJoin('users as a', 'a.id', 'c.agent_id')
    .select([
      'c.id',
      'c.group_id',
      'c.state',
      'c.agent_id',
      'c.handover_reason',
      'c.waiting_since',
      'c.last_message_at',
      'c.created_at',
      'g.name as group_name',
      'u.phone as customer_phone',
      'u.level as customer_level',
      'a.phone as agent_phone',
      unreadOf.as('unread'),
      sql<
        string | null
      >`(SELECT m.msg_content FROM chat_messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1)`.as(
        'last_text',
      ),
    ]);
  if (filter === 'waiting') query = query.where('c.state', '=', 'waiting');
  else if (filter === 'mine') query = query.where('c.state', '=', 'human').where('c.agent_id', '=', agentId);
  else if (filter === 'closed') query = query.where('c.state', '=', 'closed');
  else query = query.where('c.state', 'in', ['waiting', 'human']);
  const rows = await query
    .orderBy(sql`c.state = 'waiting'`, 'desc')
    .orderBy(filter === 'closed' ? 'c.closed_at' : 'c.waiting_since', filter === 'closed' ? 'desc' : 'asc')
    .limit(100)
    .execute();
  const groupIds = [...new Set(rows.map((row) => Number(row.group_id)))];
  const reports = groupIds.length
    ? await db
        .selectFrom('reports')
        .select(['group_id', 'company_name', 'report_type', 'status', 'created_at'])
        .where('group_id', 'in', groupIds)
        .where(sql<boolean>`created_at > now() - interval '180 days'`)
        .orderBy('created_at', 'desc')
        .limit(groupIds.length * 20)
        .execute()
    : [];
  return rows.map((row) => ({
    id: Number(row.id),
    businessNumber: businessNumber({ id: Number(row.id), created_at: row.created_at }),
    groupId: Number(row.group_id),
    groupName: row.group_name,
    state: row.state,
    handoverReason: row.handover_reason,
    customerPhone: row.customer_phone ?? '',
    customerLevel: row.customer_level === null ? null : levelLabel(row.customer_level),
    agentId: row.agent_id === null ? null : Number(row.agent_id),
    agentPhone: row.agent_phone,
    mine: row.agent_id !== null && Number(row.agent_id) === agentId,
    waitingSince: row.waiting_since?.toISOString() ?? null,
    lastMessageAt: row.last_message_at.toISOString(),
    lastText: row.last_text,
    unread: Number(row.unread),
    recentReports: reports
      .filter((report) => Number(report.group_id) === Number(row.group_id))
      .slice(0, 3)
      .map((report) => ({
        companyName: report.company_name,
        reportName: reportKindByReportType(report.report_type)?.name ?? report.report_type,
        status: report.status,
        createdAt: report.created_at.toISOString(),
      })),
  }));
}
