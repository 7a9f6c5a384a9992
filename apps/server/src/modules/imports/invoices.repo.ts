import type { NormalizedInvoice, NormalizedInvoiceLine } from '@taxlens/engine';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { type Field, INVOICE_FIELDS, LINE_FIELDS } from './invoice-fields.js';

export { INVOICE_FIELDS, LINE_FIELDS };

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
export function lastByKey<T>(items: T[], keyOf: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [keyOf(item), item])).values()];
}

export const INVOICE_CONFLICT = `ON CONFLICT (company_id, key) DO UPDATE SET
  status = EXCLUDED.status, status_text = EXCLUDED.status_text, risk_level = EXCLUDED.risk_level,
  remark = EXCLUDED.remark, red_of_number = EXCLUDED.red_of_number, is_positive = EXCLUDED.is_positive,
  amount_fen = EXCLUDED.amount_fen, tax_fen = EXCLUDED.tax_fen, total_fen = EXCLUDED.total_fen,
  issued_at = EXCLUDED.issued_at, has_time = EXCLUDED.has_time OR invoices.has_time, import_id = EXCLUDED.import_id`;

export const LINE_CONFLICT = `ON CONFLICT (company_id, invoice_key, line_no) DO UPDATE SET
  amount_fen = EXCLUDED.amount_fen, tax_fen = EXCLUDED.tax_fen, total_fen = EXCLUDED.total_fen,
  tax_rate_text = EXCLUDED.tax_rate_text, tax_rate_bp = EXCLUDED.tax_rate_bp, import_id = EXCLUDED.import_id`;

/**
 * The batch goes over as one JSON parameter read by json_to_recordset: JSON.stringify and
 * PostgreSQL's JSON parser are both native, where 25 array parameters cost the importing thread
 * far more (measured in bench/import-db.ts). The record lists the fields in the INSERT's order.
 */
const recordOf = (list: Field[]) => sql.raw(list.map((field) => `"${field.key}" ${field.type}`).join(', '));
const columnsOf = (list: Field[]) => sql.raw(list.map((field) => field.column).join(', '));

/** The upsert's outcome counted by PostgreSQL: one row back instead of one per stored row. */
async function countOutcome(query: Promise<{ rows: { inserted: number; total: number }[] }>): Promise<UpsertCounts> {
  const { rows } = await query;
  const { inserted = 0, total = 0 } = rows[0] ?? {};
  return { inserted, updated: total - inserted };
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
    sql<{ inserted: number; total: number }>`
      WITH written AS (
      INSERT INTO invoices (group_id, company_id, import_id, ${columnsOf(INVOICE_FIELDS)})
      SELECT ${scope.groupId}, ${scope.companyId}, ${scope.importId}, t.*
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS t(${recordOf(INVOICE_FIELDS)})
      ${sql.raw(INVOICE_CONFLICT)}
      RETURNING (xmax = 0) AS inserted)
      SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*)::int AS total FROM written`.execute(db),
  );
}

export function upsertInvoiceLines(db: DbOrTx, scope: Scope, batch: NormalizedInvoiceLine[]): Promise<UpsertCounts> {
  const rows = lastByKey(batch, (line) => `${line.invoiceKey}#${line.lineNo}`);
  if (rows.length === 0) return Promise.resolve({ inserted: 0, updated: 0 });
  return countOutcome(
    sql<{ inserted: number; total: number }>`
      WITH written AS (
      INSERT INTO invoice_lines (group_id, company_id, import_id, ${columnsOf(LINE_FIELDS)})
      SELECT ${scope.groupId}, ${scope.companyId}, ${scope.importId}, t.*
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS t(${recordOf(LINE_FIELDS)})
      ${sql.raw(LINE_CONFLICT)}
      RETURNING (xmax = 0) AS inserted)
      SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*)::int AS total FROM written`.execute(db),
  );
}
