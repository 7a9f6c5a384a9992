import type { OperatorAuditEntry, OperatorAuditQuery } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

/** The audit log filtered as the console asks: operator phone, action, keyword in target or data, dates (Shanghai). */
function filtered(db: DbOrTx, query: Omit<OperatorAuditQuery, 'page' | 'size'>) {
  let rows = db.selectFrom('operator_audit as a').innerJoin('users as u', 'u.id', 'a.operator_id');
  if (query.operatorPhone) rows = rows.where('u.phone', 'like', `%${query.operatorPhone}%`);
  if (query.action) {
    const like = `%${query.action}%`;
    rows = rows.where((eb) => eb.or([eb('a.action', 'ilike', like), eb('a.summary', 'ilike', like)]));
  }
  if (query.keyword) {
    const like = `%${query.keyword}%`;
    rows = rows.where((eb) =>
      eb.or([
        eb('a.target_id', 'ilike', like),
        eb('a.target_type', 'ilike', like),
        eb(sql<string>`a.before::text`, 'ilike', like),
        eb(sql<string>`a.after::text`, 'ilike', like),
      ]),
    );
  }
  if (query.from)
    rows = rows.where('a.at', '>=', sql<Date>`(${query.from}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`);
  if (query.to) {
    rows = rows.where('a.at', '<', sql<Date>`(${query.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`);
  }
  return rows;
}

const COLUMNS = [
  'a.id',
  'a.at',
  'a.operator_id',
  'u.phone',
  'u.nick_name',
  'a.action',
  'a.summary',
  'a.target_type',
  'a.target_id',
  'a.before',
  'a.after',
  'a.ip',
] as const;

type AuditRow = {
  id: number;
  at: Date;
  operator_id: number;
  phone: string;
  nick_name: string | null;
  action: string;
  summary: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
};

function present(row: AuditRow): OperatorAuditEntry {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    operatorId: Number(row.operator_id),
    operatorPhone: row.phone,
    operatorName: row.nick_name ?? row.phone,
    action: row.action,
    summary: row.summary,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
  };
}

export async function listAudit(db: DbOrTx, query: OperatorAuditQuery) {
  const rows = await filtered(db, query)
    .select(COLUMNS)
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('a.id', 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  const total = rows[0] ? Number(rows[0].total) : 0;
  return { list: rows.map((row) => present(row as AuditRow)), total, page: query.page, size: query.size };
}

/** Up to `limit` rows for the Excel export, newest first. */
export async function exportAudit(db: DbOrTx, query: Omit<OperatorAuditQuery, 'page' | 'size'>, limit: number) {
  const rows = await filtered(db, query).select(COLUMNS).orderBy('a.id', 'desc').limit(limit).execute();
  return rows.map((row) => present(row as AuditRow));
}
