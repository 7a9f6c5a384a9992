/**
 * What an import holds and what leaves with it: the invoices it brought (import_invoices), the
 * lines a re-import replaces, the special-business details, and the deletion of an import
 * (its invoices go unless another import still holds them). The invoice/line write itself stays
 * in invoices.repo.ts.
 */
import type { NormalizedInvoiceDetail } from '@taxlens/engine';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

interface Scope {
  groupId: number;
  companyId: number;
  importId: number;
}

/** Records that this import holds these invoices (an invoice can be held by several imports). */
export async function linkInvoices(db: DbOrTx, scope: Scope, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await sql`
    INSERT INTO import_invoices (import_id, company_id, invoice_key)
    SELECT ${scope.importId}, ${scope.companyId}, k FROM unnest(${[...new Set(keys)]}::text[]) AS k
    ON CONFLICT DO NOTHING`.execute(db);
}

/**
 * Before this import writes lines (or details) of these invoices, those an earlier import left
 * go: a re-import replaces an invoice's lines whole, so a line that is no longer in the export
 * (a duplicate of an earlier file, a shorter list) does not survive.
 */
export async function clearEarlierLines(db: DbOrTx, scope: Scope, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const result = await sql`
    DELETE FROM invoice_lines
    WHERE company_id = ${scope.companyId} AND invoice_key = ANY(${[...new Set(keys)]}::text[])
      AND import_id IS DISTINCT FROM ${scope.importId}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Stores special-business rows; those an earlier import left for these invoices go first, unless
 * the caller knows there are none (`clearEarlier: false`, invoice-batch.writer.ts).
 */
export async function storeDetails(
  db: DbOrTx,
  scope: Scope,
  details: readonly NormalizedInvoiceDetail[],
  { clearEarlier = true } = {},
) {
  if (details.length === 0) return;
  if (clearEarlier) {
    const keys = [...new Set(details.map((detail) => detail.invoiceKey))];
    await sql`
      DELETE FROM invoice_details
      WHERE company_id = ${scope.companyId} AND invoice_key = ANY(${keys}::text[])
        AND import_id IS DISTINCT FROM ${scope.importId}`.execute(db);
  }
  const rows = details.map((detail) => ({
    invoiceKey: detail.invoiceKey,
    business: detail.business,
    rowNo: detail.rowNo,
    fields: detail.fields,
  }));
  await sql`
    INSERT INTO invoice_details (group_id, company_id, import_id, invoice_key, business, row_no, fields)
    SELECT ${scope.groupId}, ${scope.companyId}, ${scope.importId}, t."invoiceKey", t.business, t."rowNo", t.fields
    FROM json_to_recordset(${JSON.stringify(rows)}::json)
      AS t("invoiceKey" text, business text, "rowNo" integer, fields jsonb)
    ON CONFLICT (company_id, invoice_key, business, row_no) DO UPDATE SET
      fields = EXCLUDED.fields, import_id = EXCLUDED.import_id`.execute(db);
}

export interface RemovedData {
  invoices: number;
  figures: number;
  /** Rows of the other kinds (deduction list, payroll months) it last wrote. */
  records: number;
}

/** Tables of the other kinds, keyed like financial_figures: a row belongs to the import that last wrote it. */
const OTHER_KIND_TABLES = ['vat_deductions', 'payroll_months'] as const;

/**
 * Deletes an import with the data only it holds: invoices no other import holds (with their
 * lines and details), and the statement/return figures, deduction rows and payroll months it
 * last wrote. Stored files are the
 * caller's to delete once the transaction has committed.
 */
export async function removeImportData(db: DbOrTx, companyId: number, importId: number): Promise<RemovedData> {
  const { rows } = await sql<{ key: string }>`
    DELETE FROM invoices i
    USING import_invoices mine
    WHERE mine.import_id = ${importId} AND i.company_id = ${companyId} AND i.key = mine.invoice_key
      AND NOT EXISTS (
        SELECT 1 FROM import_invoices other
        WHERE other.company_id = ${companyId} AND other.invoice_key = mine.invoice_key
          AND other.import_id <> ${importId})
    RETURNING i.key`.execute(db);
  const keys = rows.map((row) => row.key);
  if (keys.length > 0) {
    await sql`DELETE FROM invoice_lines WHERE company_id = ${companyId} AND invoice_key = ANY(${keys}::text[])`.execute(
      db,
    );
    await sql`DELETE FROM invoice_details WHERE company_id = ${companyId} AND invoice_key = ANY(${keys}::text[])`.execute(
      db,
    );
  }
  const figures = await db
    .deleteFrom('financial_figures')
    .where('company_id', '=', companyId)
    .where('import_id', '=', importId)
    .where('source', '=', 'import')
    .executeTakeFirst();
  // The deduction list and payroll rows an import brought (a later import of the same rows owns them).
  await db.deleteFrom('vat_deductions').where('company_id', '=', companyId).where('import_id', '=', importId).execute();
  await db.deleteFrom('payroll_months').where('company_id', '=', companyId).where('import_id', '=', importId).execute();
  let records = 0;
  for (const table of OTHER_KIND_TABLES) {
    const removed = await db
      .deleteFrom(table)
      .where('company_id', '=', companyId)
      .where('import_id', '=', importId)
      .executeTakeFirst();
    records += Number(removed.numDeletedRows);
  }
  await db.deleteFrom('imports').where('id', '=', importId).execute();
  return { invoices: keys.length, figures: Number(figures.numDeletedRows), records };
}
