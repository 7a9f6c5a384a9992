import type { InvoiceRiskLevel, InvoiceStatus, NormalizedInvoice, NormalizedInvoiceLine } from '@taxlens/engine';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { awaitFreshStatistics } from '../imports/import-analyze.js';
import { monthBounds } from './report-data.repo.js';
import { decodeInvoiceSnapshot } from './snapshots/invoice-snapshot.decode.js';
import { compareHeads, compareLines } from './snapshots/invoice-snapshot.format.js';
import { readSnapshots, snapshotImportIds } from './snapshots/invoice-snapshot.repo.js';

/** The engine's invoice data set, with arrays this module may still sort and extend. */
export interface LoadedInvoices {
  invoices: NormalizedInvoice[];
  lines: NormalizedInvoiceLine[];
}

/** Rows of imports outside `skipped` (those whose snapshot is read instead), NULL import ids included. */
function outside(column: string, skipped: readonly number[]) {
  return skipped.length === 0
    ? sql<boolean>`true`
    : sql<boolean>`coalesce(${sql.ref(column)}, 0) <> ALL(${skipped}::bigint[])`;
}

/** A period's invoices and lines from the tables, leaving out the rows of the `skipped` imports. */
async function readTables(
  db: DbOrTx,
  companyId: number,
  from: string,
  until: string,
  skipped: readonly number[],
): Promise<LoadedInvoices> {
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
      .where(outside('import_id', skipped))
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
      .where(outside('l.import_id', skipped))
      // Byte order is code-unit order for these keys (digits, letters, ':'), so the sort below is one pass.
      .orderBy(sql`l.invoice_key COLLATE "C"`)
      .orderBy('l.line_no')
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

/**
 * One order whichever way the rows came (tables, snapshots or both): the rules list evidence in
 * input order, so the same data must give the same report. Each source is already sorted, and
 * the engine's sort merges sorted runs in about one pass.
 */
function inReportOrder(data: LoadedInvoices): LoadedInvoices {
  data.invoices.sort((a, b) => compareHeads(a.issuedAt, a.key, b.issuedAt, b.key));
  data.lines.sort((a, b) => compareLines(a.invoiceKey, a.lineNo, b.invoiceKey, b.lineNo));
  return data;
}

/**
 * A period's invoices and lines: from the snapshots of the imports that inserted them where such
 * snapshots exist (snapshots/), the rest from the tables. Both are read in one repeatable-read
 * transaction, so a concurrent import cannot make a row appear in both or neither.
 */
export async function loadInvoices(
  db: DbOrTx,
  companyId: number,
  periodStart: string,
  periodEnd: string,
): Promise<LoadedInvoices> {
  // Not planned on the statistics from before an import that has just finished.
  await awaitFreshStatistics(db, companyId);
  const { from, until } = monthBounds(periodStart, periodEnd);
  const candidates = await snapshotImportIds(db, companyId, from, until);
  if (candidates.length === 0) return inReportOrder(await readTables(db, companyId, from, until, []));
  const read = async (tx: DbOrTx): Promise<LoadedInvoices> => {
    const snapshots = await readSnapshots(tx, candidates);
    const rest = await readTables(
      tx,
      companyId,
      from,
      until,
      snapshots.map((snapshot) => snapshot.importId),
    );
    const { invoices, lines } = rest;
    const decoded = snapshots.map((snapshot) => decodeInvoiceSnapshot(snapshot.data));
    const whole: boolean[] = [];
    for (const { invoices: own } of decoded) {
      const inside = own.filter((invoice) => invoice.issuedAt >= from && invoice.issuedAt < until);
      for (const invoice of inside) invoices.push(invoice);
      whole.push(inside.length === own.length);
    }
    // A snapshot line belongs to the period when its invoice does, whichever source that came from.
    let keys: Set<string> | null = null;
    decoded.forEach((snapshot, index) => {
      if (snapshot.ownLines && whole[index]) {
        // All its invoices are in the period, and each of its lines is of one of them.
        for (const line of snapshot.lines) lines.push(line);
        return;
      }
      keys ??= new Set(invoices.map((invoice) => invoice.key));
      for (const line of snapshot.lines) if (keys.has(line.invoiceKey)) lines.push(line);
    });
    return inReportOrder({ invoices, lines });
  };
  if (db.isTransaction) return read(db);
  return db.transaction().setIsolationLevel('repeatable read').execute(read);
}
