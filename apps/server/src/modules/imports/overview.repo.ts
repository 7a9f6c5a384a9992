import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

/**
 * Invoice counts and sums per month and side, in one pass over the company's invoices. Void
 * (作废) invoices are counted but never summed: they carry no amount (domain facts §1.5).
 */
export function invoiceMonths(db: DbOrTx, groupId: number, companyId: number) {
  return db
    .selectFrom('invoices')
    .select([
      sql<string>`to_char(issued_at, 'YYYY-MM')`.as('month'),
      sql<number>`count(*) FILTER (WHERE direction = 'sales')`.as('sales_count'),
      sql<number>`coalesce(sum(amount_fen) FILTER (WHERE direction = 'sales' AND status <> 'void'), 0)`.as(
        'sales_amount',
      ),
      sql<number>`coalesce(sum(tax_fen) FILTER (WHERE direction = 'sales' AND status <> 'void'), 0)`.as('sales_tax'),
      sql<number>`count(*) FILTER (WHERE direction = 'purchase')`.as('purchase_count'),
      sql<number>`coalesce(sum(amount_fen) FILTER (WHERE direction = 'purchase' AND status <> 'void'), 0)`.as(
        'purchase_amount',
      ),
      sql<number>`coalesce(sum(tax_fen) FILTER (WHERE direction = 'purchase' AND status <> 'void'), 0)`.as(
        'purchase_tax',
      ),
      sql<number>`count(*) FILTER (WHERE status = 'void')`.as('void_count'),
    ])
    .where('group_id', '=', groupId)
    .where('company_id', '=', companyId)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
}

export async function lineCount(db: DbOrTx, groupId: number, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('invoice_lines')
    .select(sql<number>`count(*)`.as('n'))
    .where('group_id', '=', groupId)
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** 'YYYY-MM' months from first to last inclusive. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const [endYear, endMonth] = last.split('-').map(Number) as [number, number];
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}
