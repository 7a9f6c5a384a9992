import type { FinancialFigureSet } from '@taxlens/engine';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

/** First instant of a 'YYYY-MM' month and of the month after another, as Shanghai wall-clock text. */
export function monthBounds(periodStart: string, periodEnd: string): { from: string; until: string } {
  const [year, month] = periodEnd.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { from: `${periodStart}-01 00:00:00`, until: `${next}-01 00:00:00` };
}

/** The same number of months immediately before the period, for new/lost counterparties and surges. */
export function previousPeriod(periodStart: string, periodEnd: string): { start: string; end: string } {
  const toIndex = (text: string) => {
    const [year, month] = text.split('-').map(Number) as [number, number];
    return year * 12 + (month - 1);
  };
  const fromIndex = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  const length = toIndex(periodEnd) - toIndex(periodStart) + 1;
  return { start: fromIndex(toIndex(periodStart) - length), end: fromIndex(toIndex(periodStart) - 1) };
}

export async function countInvoices(
  db: DbOrTx,
  companyId: number,
  periodStart: string,
  periodEnd: string,
): Promise<number> {
  const { from, until } = monthBounds(periodStart, periodEnd);
  const row = await db
    .selectFrom('invoices')
    .select(sql<number>`count(*)`.as('n'))
    .where('company_id', '=', companyId)
    .where('issued_at', '>=', sql<Date>`${from}::timestamp`)
    .where('issued_at', '<', sql<Date>`${until}::timestamp`)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The month ranges the company's invoice imports cover: each finished import from its first to its
 * last month, and invoices whose import record is gone from their first to their last month.
 * Empty when the company has no invoices.
 */
export async function invoiceCoverage(db: DbOrTx, companyId: number): Promise<{ start: string; end: string }[]> {
  const result = await sql<{ start: string; end: string }>`
    SELECT min(p.month) AS start, max(p.month) AS end
      FROM imports i, jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(i.summary -> 'periods') = 'array' THEN i.summary -> 'periods' ELSE '[]'::jsonb END
      ) AS p(month)
     WHERE i.company_id = ${companyId} AND i.kind = 'invoice' AND i.status = 'done'
     GROUP BY i.id
    UNION ALL
    SELECT to_char(min(issued_at), 'YYYY-MM'), to_char(max(issued_at), 'YYYY-MM')
      FROM invoices
     WHERE company_id = ${companyId} AND import_id IS NULL
    HAVING count(*) > 0
     ORDER BY 1`.execute(db);
  return result.rows;
}

export { loadInvoices } from './invoice-load.repo.js';

/** Which imports brought the period's invoices in: shown in the report so a reader can check it. */
export function invoiceSources(db: DbOrTx, companyId: number, periodStart: string, periodEnd: string) {
  const { from, until } = monthBounds(periodStart, periodEnd);
  return db
    .selectFrom('invoices as v')
    .innerJoin('imports as i', 'i.id', 'v.import_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .select([
      'i.id',
      'i.file_name',
      'i.source',
      sql<string>`to_char(i.finished_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`.as('finished'),
      'u.nick_name',
      sql<number>`count(*)`.as('invoices'),
    ])
    .where('v.company_id', '=', companyId)
    .where('v.issued_at', '>=', sql<Date>`${from}::timestamp`)
    .where('v.issued_at', '<', sql<Date>`${until}::timestamp`)
    .groupBy(['i.id', 'u.nick_name'])
    .orderBy('i.id')
    .execute();
}

/** Every stored statement and return of the company, with where each came from. */
export async function loadFigureSets(db: DbOrTx, companyId: number): Promise<FinancialFigureSet[]> {
  const rows = await db
    .selectFrom('financial_figures as f')
    .leftJoin('imports as i', 'i.id', 'f.import_id')
    .select([
      'f.statement',
      'f.period',
      'f.layout',
      'f.figures',
      'f.source',
      'f.import_id',
      'f.updated_at',
      'i.file_name',
    ])
    .where('f.company_id', '=', companyId)
    .orderBy('f.statement')
    .orderBy('f.period')
    .execute();
  return rows.map((row) => ({
    statement: row.statement,
    period: row.period,
    layout: row.layout,
    figures: row.figures as Record<string, number>,
    origin: { kind: row.source, importId: row.import_id, fileName: row.file_name, at: row.updated_at.toISOString() },
  }));
}
