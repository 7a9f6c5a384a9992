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

/**
 * The batch goes over as one JSON parameter read by json_to_recordset: JSON.stringify and
 * PostgreSQL's JSON parser are both native, where 25 array parameters cost the importing thread
 * far more (measured in bench/import-db.ts). The record lists the fields in the INSERT's order.
 */
const INVOICE_RECORD = sql.raw(
  [
    '"key" text, "direction" text, "digitalNumber" text, "code" text, "number" text',
    '"sellerTaxNo" text, "sellerName" text, "buyerTaxNo" text, "buyerName" text',
    '"issuedAt" timestamp, "hasTime" boolean, "amountFen" bigint, "taxFen" bigint, "totalFen" bigint',
    '"source" text, "kindText" text, "kindCode" text, "isSpecial" boolean, "status" text, "statusText" text',
    '"isPositive" boolean, "riskLevel" text, "issuer" text, "remark" text, "redOfNumber" text',
  ].join(', '),
);
const LINE_RECORD = sql.raw(
  [
    '"invoiceKey" text, "lineNo" integer, "direction" text, "taxCode" text, "specialBusiness" text',
    '"itemText" text, "category" text, "itemName" text, "spec" text, "unit" text, "quantity" text',
    '"unitPrice" text, "amountFen" bigint, "taxRateText" text, "taxRateBp" integer, "taxFen" bigint, "totalFen" bigint',
  ].join(', '),
);

async function countOutcome(query: Promise<{ rows: { inserted: boolean }[] }>): Promise<UpsertCounts> {
  const { rows } = await query;
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

/**
 * Inserts or refreshes a batch of invoices with one statement (the batch as one JSON parameter),
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
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS t(${INVOICE_RECORD})
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
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS t(${LINE_RECORD})
      ON CONFLICT (company_id, invoice_key, line_no) DO UPDATE SET
        amount_fen = EXCLUDED.amount_fen, tax_fen = EXCLUDED.tax_fen, total_fen = EXCLUDED.total_fen,
        tax_rate_text = EXCLUDED.tax_rate_text, tax_rate_bp = EXCLUDED.tax_rate_bp, import_id = EXCLUDED.import_id
      RETURNING (xmax = 0) AS inserted`.execute(db),
  );
}
