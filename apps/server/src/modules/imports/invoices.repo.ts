import type { NormalizedInvoice, NormalizedInvoiceLine } from '@taxlens/engine';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

interface Scope {
  groupId: number;
  companyId: number;
  importId: number;
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
}

/** Last one wins when a batch names the same key twice, as ON CONFLICT cannot touch a row twice. */
function lastByKey<T>(items: T[], keyOf: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [keyOf(item), item])).values()];
}

function column<T, V>(rows: T[], pick: (row: T) => V): V[] {
  return rows.map(pick);
}

async function countOutcome(query: Promise<{ rows: { inserted: boolean }[] }>): Promise<UpsertCounts> {
  const { rows } = await query;
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

/**
 * Inserts or refreshes a batch of invoices with one statement (column arrays through unnest),
 * keyed by (company, invoice key), so re-importing a file or an overlapping period adds nothing
 * twice while status changes (红冲, 作废) of a later export are taken over.
 */
export function upsertInvoices(db: DbOrTx, scope: Scope, batch: NormalizedInvoice[]): Promise<UpsertCounts> {
  const rows = lastByKey(batch, (invoice) => invoice.key);
  if (rows.length === 0) return Promise.resolve({ inserted: 0, updated: 0 });
  return countOutcome(
    sql<{ inserted: boolean }>`
      INSERT INTO invoices (group_id, company_id, import_id, key, direction, digital_number, code, number,
        seller_tax_no, seller_name, buyer_tax_no, buyer_name, issued_at, has_time, amount_fen, tax_fen, total_fen,
        source, kind_text, kind_code, is_special, status, status_text, is_positive, risk_level, issuer, remark, red_of_number)
      SELECT ${scope.groupId}, ${scope.companyId}, ${scope.importId}, t.*
      FROM unnest(
        ${column(rows, (r) => r.key)}::text[], ${column(rows, (r) => r.direction)}::text[],
        ${column(rows, (r) => r.digitalNumber)}::text[], ${column(rows, (r) => r.code)}::text[], ${column(rows, (r) => r.number)}::text[],
        ${column(rows, (r) => r.sellerTaxNo)}::text[], ${column(rows, (r) => r.sellerName)}::text[],
        ${column(rows, (r) => r.buyerTaxNo)}::text[], ${column(rows, (r) => r.buyerName)}::text[],
        ${column(rows, (r) => r.issuedAt)}::timestamp[], ${column(rows, (r) => r.hasTime)}::boolean[],
        ${column(rows, (r) => r.amountFen)}::bigint[], ${column(rows, (r) => r.taxFen)}::bigint[], ${column(rows, (r) => r.totalFen)}::bigint[],
        ${column(rows, (r) => r.source)}::text[], ${column(rows, (r) => r.kindText)}::text[], ${column(rows, (r) => r.kindCode)}::text[],
        ${column(rows, (r) => r.isSpecial)}::boolean[], ${column(rows, (r) => r.status)}::text[], ${column(rows, (r) => r.statusText)}::text[],
        ${column(rows, (r) => r.isPositive)}::boolean[], ${column(rows, (r) => r.riskLevel)}::text[], ${column(rows, (r) => r.issuer)}::text[],
        ${column(rows, (r) => r.remark)}::text[], ${column(rows, (r) => r.redOfNumber)}::text[]
      ) AS t
      ON CONFLICT (company_id, key) DO UPDATE SET
        status = EXCLUDED.status, status_text = EXCLUDED.status_text, risk_level = EXCLUDED.risk_level,
        remark = EXCLUDED.remark, red_of_number = EXCLUDED.red_of_number, is_positive = EXCLUDED.is_positive,
        amount_fen = EXCLUDED.amount_fen, tax_fen = EXCLUDED.tax_fen, total_fen = EXCLUDED.total_fen,
        issued_at = EXCLUDED.issued_at, has_time = EXCLUDED.has_time OR invoices.has_time, import_id = EXCLUDED.import_id
      RETURNING (xmax = 0) AS inserted`.execute(db),
  );
}

export function upsertInvoiceLines(db: DbOrTx, scope: Scope, batch: NormalizedInvoiceLine[]): Promise<UpsertCounts> {
  const rows = lastByKey(batch, (line) => `${line.invoiceKey}#${line.lineNo}`);
  if (rows.length === 0) return Promise.resolve({ inserted: 0, updated: 0 });
  return countOutcome(
    sql<{ inserted: boolean }>`
      INSERT INTO invoice_lines (group_id, company_id, import_id, invoice_key, line_no, direction, tax_code, special_business,
        item_text, category, item_name, spec, unit, quantity, unit_price, amount_fen, tax_rate_text, tax_rate_bp, tax_fen, total_fen)
      SELECT ${scope.groupId}, ${scope.companyId}, ${scope.importId}, t.*
      FROM unnest(
        ${column(rows, (r) => r.invoiceKey)}::text[], ${column(rows, (r) => r.lineNo)}::integer[], ${column(rows, (r) => r.direction)}::text[],
        ${column(rows, (r) => r.taxCode)}::text[], ${column(rows, (r) => r.specialBusiness)}::text[], ${column(rows, (r) => r.itemText)}::text[],
        ${column(rows, (r) => r.category)}::text[], ${column(rows, (r) => r.itemName)}::text[], ${column(rows, (r) => r.spec)}::text[],
        ${column(rows, (r) => r.unit)}::text[], ${column(rows, (r) => r.quantity)}::text[], ${column(rows, (r) => r.unitPrice)}::text[],
        ${column(rows, (r) => r.amountFen)}::bigint[], ${column(rows, (r) => r.taxRateText)}::text[], ${column(rows, (r) => r.taxRateBp)}::integer[],
        ${column(rows, (r) => r.taxFen)}::bigint[], ${column(rows, (r) => r.totalFen)}::bigint[]
      ) AS t
      ON CONFLICT (company_id, invoice_key, line_no) DO UPDATE SET
        amount_fen = EXCLUDED.amount_fen, tax_fen = EXCLUDED.tax_fen, total_fen = EXCLUDED.total_fen,
        tax_rate_text = EXCLUDED.tax_rate_text, tax_rate_bp = EXCLUDED.tax_rate_bp, import_id = EXCLUDED.import_id
      RETURNING (xmax = 0) AS inserted`.execute(db),
  );
}
