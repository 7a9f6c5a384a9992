import { maskPhone, REPORT_KINDS } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import type { Actor } from './billing.policy.js';
import { statsUserIds } from './scope.service.js';
import { chargesByFirm, chargesByFirmAndType, chargesByMonth, chargesByType, chargesByUser } from './stats.repo.js';

type Dates = { startDate?: string; endDate?: string };

function byType(counts: Map<number, number>) {
  return REPORT_KINDS.map((kind) => ({ type: kind.type, name: kind.name, count: counts.get(kind.type) ?? 0 }));
}

/** Reports paid per type in the caller's scope, and how they were paid. */
export async function reportStatistics(db: Db, actor: Actor, query: Dates & { userId?: number }) {
  const userIds = await statsUserIds(db, actor, query.userId);
  const rows = await chargesByType(db, actor.groupId, userIds, query);
  const list = REPORT_KINDS.map((kind) => {
    const row = rows.find((item) => item.credit_type === kind.type);
    return {
      type: kind.type,
      name: kind.name,
      count: Number(row?.count ?? 0),
      creditsUsed: Number(row?.credits ?? 0),
      balanceSpentFen: Number(row?.fen ?? 0),
    };
  });
  return { total: list.reduce((sum, item) => sum + item.count, 0), list };
}

/** Reports per client company (the firm named when the report was charged). */
export async function reportsByFirm(
  db: Db,
  actor: Actor,
  query: Dates & { firmName?: string },
  page: { page: number; size: number },
) {
  const userIds = await statsUserIds(db, actor);
  const { rows, total } = await chargesByFirm(db, actor.groupId, userIds, query, page);
  const details = await chargesByFirmAndType(
    db,
    actor.groupId,
    userIds,
    rows.map((row) => row.firm_name),
  );
  const list = rows.map((row) => {
    const counts = new Map(
      details.filter((item) => item.firm_name === row.firm_name).map((item) => [item.credit_type, Number(item.count)]),
    );
    return {
      firmName: row.firm_name,
      taxNo: row.tax_no,
      total: Number(row.count),
      byType: byType(counts),
      lastTime: new Date(row.last_time).toISOString(),
    };
  });
  return { list, total, page: page.page, size: page.size };
}

/** Reports per user of the caller's scope. */
export async function reportsByUser(db: Db, actor: Actor, query: Dates & { userId?: number }) {
  const userIds = await statsUserIds(db, actor, query.userId);
  const rows = await chargesByUser(db, actor.groupId, userIds, query);
  const users = new Map<
    number,
    { userId: number; phone: string; nickName: string | null; counts: Map<number, number> }
  >();
  for (const row of rows) {
    const userId = Number(row.user_id);
    const user = users.get(userId) ?? {
      userId,
      phone: maskPhone(row.phone),
      nickName: row.nick_name,
      counts: new Map(),
    };
    user.counts.set(row.credit_type, Number(row.count));
    users.set(userId, user);
  }
  return [...users.values()].map((user) => ({
    userId: user.userId,
    phone: user.phone,
    nickName: user.nickName,
    total: [...user.counts.values()].reduce((sum, count) => sum + count, 0),
    byType: byType(user.counts),
  }));
}

/** Reports per month over the last months (this one included), per type: the trend chart. */
export async function monthlyReports(db: Db, actor: Actor, query: { months: number; userId?: number }) {
  const userIds = await statsUserIds(db, actor, query.userId);
  const rows = await chargesByMonth(db, actor.groupId, userIds, query.months);
  const months = lastMonths(query.months);
  return {
    months: months.map((month) => {
      const counts = new Map(
        rows.filter((row) => row.month === month).map((row) => [row.credit_type, Number(row.count)]),
      );
      return {
        month,
        total: [...counts.values()].reduce((sum, count) => sum + count, 0),
        byType: byType(counts),
      };
    }),
  };
}

/** `YYYY-MM` of the last `count` months in Asia/Shanghai, oldest first. */
function lastMonths(count: number): string[] {
  const local = new Date(Date.now() + 8 * 3600_000);
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const date = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}
