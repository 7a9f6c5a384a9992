import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/kysely.js';
import type { SnapshotFacts } from './invoice-snapshot.codec.js';

/**
 * Stores the snapshot of what an import inserted, inside the import's transaction. Only an import
 * whose every invoice and line was a fresh insert gets one (`allInserted`): then the snapshot is
 * exactly those rows, and the triggers of migration 0320 drop it as soon as any of them changes.
 */
export async function storeInvoiceSnapshot(
  tx: DbOrTx,
  scope: { companyId: number; importId: number },
  builder: SnapshotFacts,
  allInserted: boolean,
): Promise<boolean> {
  if (!allInserted || builder.unfaithful !== null || builder.headCount + builder.lineCount === 0) return false;
  await sql`
    INSERT INTO invoice_import_snapshots (import_id, company_id, first_issued, last_issued, head_count, line_count, data)
    VALUES (${scope.importId}, ${scope.companyId}, ${builder.firstIssued}::timestamp, ${builder.lastIssued}::timestamp,
      ${builder.headCount}, ${builder.lineCount}, ${builder.encode()})
    ON CONFLICT (import_id) DO UPDATE SET
      first_issued = EXCLUDED.first_issued, last_issued = EXCLUDED.last_issued, head_count = EXCLUDED.head_count,
      line_count = EXCLUDED.line_count, data = EXCLUDED.data, created_at = now()`.execute(tx);
  return true;
}

/**
 * Imports of the company with a snapshot that may hold invoices of [from, until). A snapshot with
 * lines but no invoices of its own (lines of invoices another import brought) always qualifies.
 */
export async function snapshotImportIds(db: DbOrTx, companyId: number, from: string, until: string): Promise<number[]> {
  const { rows } = await sql<{ import_id: number }>`
    SELECT import_id FROM invoice_import_snapshots
     WHERE company_id = ${companyId}
       AND (first_issued IS NULL OR (first_issued < ${until}::timestamp AND last_issued >= ${from}::timestamp))
     ORDER BY import_id`.execute(db);
  return rows.map((row) => row.import_id);
}

/**
 * The snapshots of these imports that still exist (a concurrent change may have dropped some).
 * Sent as base64, a third smaller than bytea's hex text and decoded natively.
 */
export async function readSnapshots(db: DbOrTx, importIds: readonly number[]) {
  const { rows } = await sql<{ import_id: number; data: string }>`
    SELECT import_id, encode(data, 'base64') AS data FROM invoice_import_snapshots
     WHERE import_id = ANY(${importIds}::bigint[]) ORDER BY import_id`.execute(db);
  return rows.map((row) => ({ importId: row.import_id, data: Buffer.from(row.data, 'base64') }));
}
