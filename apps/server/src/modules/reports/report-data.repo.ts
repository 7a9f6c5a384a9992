import type {
  FinancialFigureSet,
  InvoiceRiskLevel,
  InvoiceStatus,
  NormalizedInvoice,
  NormalizedInvoiceLine,
} from '@taxlens/engine';
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

/** Reads a period's invoices and lines back into the engine's normalised shape. */
export async function loadInvoices(db: DbOrTx, companyId: number, periodStart: string, periodEnd: string) {
  const { from, until } = monthBounds(periodStart, periodEnd);
  // Heads and lines are read at once: PostgreSQL answers one while Node decodes the other.
  const [heads, lineRows] = await Promise.all([
    db
      .selectFrom('invoices')
      .select([
        'key',
        'direction',
        'digital_number',
        'code',
        'number',
        'seller_tax_no',
        'seller_name',
        'buyer_tax_no',
        'buyer_name',
        sql<string>`to_char(issued_at, 'YYYY-MM-DD HH24:MI:SS')`.as('issued_at'),
        'has_time',
        'amount_fen',
        'tax_fen',
        'total_fen',
        'source',
        'kind_text',
        'kind_code',
        'is_special',
        'status',
        'status_text',
        'is_positive',
        'risk_level',
        'issuer',
        'remark',
        'red_of_number',
      ])
      .where('company_id', '=', companyId)
      .where('issued_at', '>=', sql<Date>`${from}::timestamp`)
      .where('issued_at', '<', sql<Date>`${until}::timestamp`)
      .execute(),
    db
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as i', (join) =>
        join.onRef('i.company_id', '=', 'l.company_id').onRef('i.key', '=', 'l.invoice_key'),
      )
      .select([
        'l.invoice_key',
        'l.line_no',
        'l.direction',
        'l.tax_code',
        'l.special_business',
        'l.item_text',
        'l.category',
        'l.item_name',
        'l.spec',
        'l.unit',
        'l.quantity',
        'l.unit_price',
        'l.amount_fen',
        'l.tax_rate_text',
        'l.tax_rate_bp',
        'l.tax_fen',
        'l.total_fen',
      ])
      .where('l.company_id', '=', companyId)
      .where('i.issued_at', '>=', sql<Date>`${from}::timestamp`)
      .where('i.issued_at', '<', sql<Date>`${until}::timestamp`)
      .execute(),
  ]);
  const invoices: NormalizedInvoice[] = heads.map((row) => ({
    key: row.key,
    digitalNumber: row.digital_number,
    code: row.code,
    number: row.number,
    direction: row.direction,
    sellerTaxNo: row.seller_tax_no,
    sellerName: row.seller_name,
    buyerTaxNo: row.buyer_tax_no,
    buyerName: row.buyer_name,
    issuedAt: row.issued_at,
    hasTime: row.has_time,
    amountFen: row.amount_fen,
    taxFen: row.tax_fen,
    totalFen: row.total_fen,
    source: row.source,
    kindText: row.kind_text,
    kindCode: row.kind_code,
    isSpecial: row.is_special,
    status: row.status as InvoiceStatus,
    statusText: row.status_text,
    isPositive: row.is_positive,
    riskLevel: row.risk_level as InvoiceRiskLevel | null,
    issuer: row.issuer,
    remark: row.remark,
    redOfNumber: row.red_of_number,
  }));
  const lines: NormalizedInvoiceLine[] = lineRows.map((row) => ({
    invoiceKey: row.invoice_key,
    lineNo: row.line_no,
    direction: row.direction,
    taxCode: row.tax_code,
    specialBusiness: row.special_business,
    itemText: row.item_text,
    category: row.category,
    itemName: row.item_name,
    spec: row.spec,
    unit: row.unit,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    amountFen: row.amount_fen,
    taxRateText: row.tax_rate_text,
    taxRateBp: row.tax_rate_bp,
    taxFen: row.tax_fen,
    totalFen: row.total_fen,
  }));
  return { invoices, lines };
}

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
