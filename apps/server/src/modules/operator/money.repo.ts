import type { DailyFigure, OperatorOrder, OperatorOrdersQuery } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

// The business day as text, so no driver turns it into a local-midnight Date.
const SHANGHAI_DAY = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;
const dayStart = (day: string) => sql<Date>`(${day}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
const dayEnd = (day: string) => sql<Date>`(${day}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`;

/** Orders of every group: by order number, group name or user phone; state (refunded included); dates. */
export async function listOrders(db: DbOrTx, query: OperatorOrdersQuery) {
  let rows = db
    .selectFrom('orders as o')
    .innerJoin('groups as g', 'g.id', 'o.group_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('order_refunds as r', 'r.order_id', 'o.id');
  if (query.keyword) {
    const like = `%${query.keyword}%`;
    rows = rows.where((eb) =>
      eb.or([eb('o.order_no', 'ilike', like), eb('g.name', 'ilike', like), eb('u.phone', 'like', like)]),
    );
  }
  if (query.state === 'refunded') rows = rows.where('r.id', 'is not', null);
  else if (query.state) rows = rows.where('o.state', '=', query.state).where('r.id', 'is', null);
  if (query.from) rows = rows.where('o.created_at', '>=', dayStart(query.from));
  if (query.to) rows = rows.where('o.created_at', '<', dayEnd(query.to));
  const found = await rows
    .select([
      'o.id',
      'o.order_no',
      'o.group_id',
      'g.name as group_name',
      'u.phone',
      'o.title',
      'o.amount_fen',
      'o.pay_method',
      'o.state',
      'o.created_at',
      'o.paid_at',
      'r.amount_fen as refund_fen',
      'r.reason as refund_reason',
      'r.bank_serial as refund_serial',
      'r.created_at as refunded_at',
      sql<string>`count(*) over ()`.as('total'),
    ])
    .orderBy('o.id', 'desc')
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  const list: OperatorOrder[] = found.map((row) => ({
    orderId: Number(row.id),
    orderNo: row.order_no,
    groupId: Number(row.group_id),
    groupName: row.group_name,
    userPhone: row.phone,
    title: row.title,
    amountFen: Number(row.amount_fen),
    payMethod: row.pay_method,
    state: row.refunded_at ? 'refunded' : row.state,
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    refund: row.refunded_at
      ? {
          amountFen: Number(row.refund_fen),
          reason: row.refund_reason ?? '',
          bankSerial: row.refund_serial,
          at: row.refunded_at.toISOString(),
        }
      : null,
  }));
  return { list, total: found[0] ? Number(found[0].total) : 0, page: query.page, size: query.size };
}

/**
 * Per business day (Asia/Shanghai): paid orders and their revenue, refunds, and what reports
 * consumed (balance and credits, net of report refunds), read from orders and the ledger.
 */
export async function dailyFigures(db: DbOrTx, from: string, to: string): Promise<DailyFigure[]> {
  const [orders, refunds, consumption] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        SHANGHAI_DAY('paid_at').as('day'),
        sql<string>`count(*)`.as('n'),
        sql<string>`sum(amount_fen)`.as('fen'),
      ])
      .where('state', '=', 'paid')
      .where('paid_at', '>=', dayStart(from))
      .where('paid_at', '<', dayEnd(to))
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('order_refunds')
      .select([SHANGHAI_DAY('created_at').as('day'), sql<string>`sum(amount_fen)`.as('fen')])
      .where('created_at', '>=', dayStart(from))
      .where('created_at', '<', dayEnd(to))
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select([
        SHANGHAI_DAY('created_at').as('day'),
        'asset',
        // Charges are negative deltas, refunds positive: consumption is minus their sum.
        sql<string>`-sum(delta)`.as('net'),
        sql<string>`count(*) FILTER (WHERE reason = 'report_charge')`.as('charges'),
      ])
      .where('reason', 'in', ['report_charge', 'report_refund'])
      .where('created_at', '>=', dayStart(from))
      .where('created_at', '<', dayEnd(to))
      .groupBy([sql`1`, 'asset'])
      .execute(),
  ]);
  const days = new Map<string, DailyFigure>();
  const figure = (day: string) => {
    let entry = days.get(day);
    if (!entry) {
      entry = {
        day,
        paidOrders: 0,
        revenueFen: 0,
        refundFen: 0,
        balanceConsumedFen: 0,
        creditsConsumed: [0, 0, 0, 0, 0, 0],
        reportsCharged: 0,
      };
      days.set(day, entry);
    }
    return entry;
  };
  for (const row of orders) {
    const entry = figure(row.day);
    entry.paidOrders = Number(row.n);
    entry.revenueFen = Number(row.fen);
  }
  for (const row of refunds) figure(row.day).refundFen = Number(row.fen);
  for (const row of consumption) {
    const entry = figure(row.day);
    entry.reportsCharged += Number(row.charges);
    if (row.asset === 0) entry.balanceConsumedFen += Number(row.net);
    else if (row.asset >= 1 && row.asset <= 6) entry.creditsConsumed[row.asset - 1] = Number(row.net);
  }
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
}
