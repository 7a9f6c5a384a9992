/**
 * Saved prospect lists (名单) with contact status, notes and an assignee per prospect. The main
 * account and supervisors see every list of the group; staff see the lists they made and the
 * prospects assigned to them (/my/card). Another group's list or prospect is 404.
 */
import { PROSPECT_STATUSES, type ProspectStatusKey } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { PROSPECT_COLUMNS, toProspect } from './toker.search.js';

const seesAll = (actor: Actor) => actor.level === 1 || actor.level === 2;

async function requireList(db: Db, actor: Actor, listId: number) {
  let query = db
    .selectFrom('toker_lists')
    .select(['id', 'name', 'created_by'])
    .where('id', '=', listId)
    .where('group_id', '=', actor.groupId)
    .where('deleted_at', 'is', null);
  if (!seesAll(actor)) query = query.where('created_by', '=', actor.userId);
  const list = await query.executeTakeFirst();
  if (!list) throw notFound('名单不存在');
  return list;
}

export async function saveProspects(
  db: Db,
  actor: Actor,
  input: { listId?: number; name?: string; creditCodes: string[] },
) {
  const codes = [...new Set(input.creditCodes)];
  const known = await db
    .selectFrom('cd_companies')
    .select(['credit_code', 'name'])
    .where('credit_code', 'in', codes)
    .execute();
  const missing = codes.filter((code) => !known.some((row) => row.credit_code === code));
  if (missing.length > 0) throw new AppError('VALIDATION', `企业数据中没有该统一社会信用代码：${missing.join('、')}`);
  if (input.listId === undefined && !input.name) throw new AppError('VALIDATION', '请输入名单名称');
  const existing = input.listId === undefined ? null : await requireList(db, actor, input.listId);
  return db.transaction().execute(async (tx) => {
    const listId =
      existing?.id ??
      (
        await tx
          .insertInto('toker_lists')
          .values({ group_id: actor.groupId, name: input.name ?? '', created_by: actor.userId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const added = await tx
      .insertInto('toker_prospects')
      .values(
        known.map((row) => ({
          group_id: actor.groupId,
          list_id: listId,
          credit_code: row.credit_code,
          name: row.name,
          updated_by: actor.userId,
        })),
      )
      .onConflict((conflict) => conflict.columns(['list_id', 'credit_code']).doNothing())
      .returning('id')
      .execute();
    return { listId, added: added.length };
  });
}

export async function listLists(db: Db, actor: Actor, page: number, size: number) {
  let query = db
    .selectFrom('toker_lists as l')
    .where('l.group_id', '=', actor.groupId)
    .where('l.deleted_at', 'is', null);
  if (!seesAll(actor)) query = query.where('l.created_by', '=', actor.userId);
  const [rows, count] = await Promise.all([
    query
      .innerJoin('users as u', 'u.id', 'l.created_by')
      .select(['l.id', 'l.name', 'l.created_at', 'u.nick_name', 'u.phone'])
      .select((eb) => [
        eb
          .selectFrom('toker_prospects as p')
          .whereRef('p.list_id', '=', 'l.id')
          .select(eb.fn.countAll<string>().as('n'))
          .as('prospects'),
        eb
          .selectFrom('toker_prospects as p')
          .whereRef('p.list_id', '=', 'l.id')
          .where('p.status', '!=', 'new')
          .select(eb.fn.countAll<string>().as('n'))
          .as('contacted'),
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.created_at.toISOString(),
      createdBy: row.nick_name ?? row.phone,
      prospects: Number(row.prospects ?? 0),
      contacted: Number(row.contacted ?? 0),
    })),
    total: Number(count.n),
    page,
    size,
  };
}

interface ProspectFilter {
  listId?: number;
  assignedTo?: number;
  status?: ProspectStatusKey;
}

/** Prospects with their registry facts and signals as they are now (the saved name if dropped). */
export async function prospectRows(db: Db, actor: Actor, filter: ProspectFilter, page: { page: number; size: number }) {
  const where = [sql`p.group_id = ${actor.groupId}`, sql`l.deleted_at IS NULL`];
  if (filter.listId !== undefined) where.push(sql`p.list_id = ${filter.listId}`);
  if (filter.assignedTo !== undefined) where.push(sql`p.assignee_id = ${filter.assignedTo}`);
  if (filter.status) where.push(sql`p.status = ${filter.status}`);
  const from = sql`toker_prospects p JOIN toker_lists l ON l.id = p.list_id
    LEFT JOIN cd_companies c ON c.credit_code = p.credit_code
    LEFT JOIN toker_signals s ON s.credit_code = p.credit_code
    LEFT JOIN users a ON a.id = p.assignee_id
    WHERE ${sql.join(where, sql` AND `)}`;
  const limit = page.size;
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`
      SELECT p.id, p.list_id, l.name AS list_name, p.credit_code AS saved_code, p.name AS saved_name, p.status, p.note,
             p.assignee_id, coalesce(a.nick_name, a.phone) AS assignee_name, p.updated_at, ${PROSPECT_COLUMNS}
      FROM ${from} ORDER BY p.updated_at DESC, p.id DESC LIMIT ${limit} OFFSET ${(page.page - 1) * limit}`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n FROM ${from}`.execute(db),
  ]);
  return {
    list: rows.rows.map((row) => {
      const facts = toProspect({
        ...(row as unknown as Parameters<typeof toProspect>[0]),
        credit_code: String(row.saved_code),
        name: String(row.name ?? row.saved_name),
        status_text: String(row.status_text ?? '企业数据中已无此企业'),
      });
      return {
        id: Number(row.id),
        listId: Number(row.list_id),
        listName: String(row.list_name),
        status: row.status as ProspectStatusKey,
        note: String(row.note),
        assigneeId: row.assignee_id === null ? null : Number(row.assignee_id),
        assigneeName: (row.assignee_name as string | null) ?? null,
        updatedAt: (row.updated_at as Date).toISOString(),
        ...facts,
      };
    }),
    total: Number(count.rows[0]?.n ?? 0),
    page: page.page,
    size: limit,
  };
}

export async function listProspects(
  db: Db,
  actor: Actor,
  listId: number,
  status: ProspectStatusKey | undefined,
  page: { page: number; size: number },
) {
  await requireList(db, actor, listId);
  return prospectRows(db, actor, { listId, status }, page);
}

/** A prospect the actor may work on: in a list it sees, or assigned to it. */
async function requireProspect(db: Db, actor: Actor, id: number) {
  const row = await db
    .selectFrom('toker_prospects as p')
    .innerJoin('toker_lists as l', 'l.id', 'p.list_id')
    .select(['p.id', 'p.assignee_id', 'l.created_by'])
    .where('p.id', '=', id)
    .where('p.group_id', '=', actor.groupId)
    .where('l.deleted_at', 'is', null)
    .executeTakeFirst();
  const mine = row && (seesAll(actor) || row.created_by === actor.userId || row.assignee_id === actor.userId);
  if (!row || !mine) throw notFound('客户不存在');
  return row;
}

export async function updateProspect(
  db: Db,
  actor: Actor,
  input: { id: number; status?: ProspectStatusKey; note?: string },
) {
  await requireProspect(db, actor, input.id);
  await db
    .updateTable('toker_prospects')
    .set({
      ...(input.status ? { status: input.status } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
      updated_by: actor.userId,
      updated_at: sql`now()`,
    })
    .where('id', '=', input.id)
    .execute();
}

/** Assigns prospects to a member of the group (null: unassigned); every id is checked first. */
export async function assignProspects(db: Db, actor: Actor, ids: number[], assigneeId: number | null) {
  if (assigneeId !== null) {
    const member = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', assigneeId)
      .where('group_id', '=', actor.groupId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw notFound('员工不存在');
  }
  const unique = [...new Set(ids)];
  for (const id of unique) await requireProspect(db, actor, id);
  await db
    .updateTable('toker_prospects')
    .set({ assignee_id: assigneeId, updated_by: actor.userId, updated_at: sql`now()` })
    .where('id', 'in', unique)
    .where('group_id', '=', actor.groupId)
    .execute();
  return { assigned: unique.length };
}

export async function deleteList(db: Db, actor: Actor, listId: number) {
  await requireList(db, actor, listId);
  await db.updateTable('toker_lists').set({ deleted_at: sql`now()` }).where('id', '=', listId).execute();
}

export const statusLabel = (key: string) => PROSPECT_STATUSES.find((item) => item.key === key)?.label ?? key;

export { requireList };
