/**
 * The invoice and line upserts fed by `COPY … FROM STDIN` instead of one JSON parameter: each
 * batch is copied (text format) into a temporary staging table of the import's transaction, then
 * moved by the same INSERT … ON CONFLICT as invoices.repo.ts, so the deduplication and merge
 * rules are those of the JSON path, word for word. Used when the import owns its connection
 * (import-connection.ts); the JSON path stays for handles without a pool.
 */
import type { NormalizedInvoice, NormalizedInvoiceLine } from '@taxlens/engine';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyText, type DirectCopy, type Scope } from './invoice-copy.text.js';
import {
  INVOICE_CONFLICT,
  INVOICE_FIELDS,
  LINE_CONFLICT,
  LINE_FIELDS,
  lastByKey,
  type UpsertCounts,
} from './invoices.repo.js';

/** `text` as a string, or as UTF-8 bytes made on the import thread (invoice-batch.thread.ts). */
function copy(client: pg.PoolClient, target: string, text: string | Uint8Array): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stream = client.query(copyFrom(`COPY ${target} FROM STDIN`));
    stream.on('finish', resolve);
    stream.on('error', reject);
    stream.end(typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength));
  });
}

async function copyInto(client: pg.PoolClient, table: string, text: string): Promise<void> {
  await client.query(`TRUNCATE ${table}`);
  await copy(client, table, text);
}

const STAGE_INVOICES = 'import_stage_invoices';
const STAGE_LINES = 'import_stage_lines';
const columnsOf = (fields: readonly { key: string; type: string }[]) =>
  fields.map((field) => `"${field.key}" ${field.type}`).join(', ');

/** Creates the staging tables once per import transaction (dropped at its end). */
export async function createStages(client: pg.PoolClient): Promise<void> {
  await client.query(`CREATE TEMP TABLE ${STAGE_INVOICES} (${columnsOf(INVOICE_FIELDS)}) ON COMMIT DROP`);
  await client.query(`CREATE TEMP TABLE ${STAGE_LINES} (${columnsOf(LINE_FIELDS)}) ON COMMIT DROP`);
}

async function upsertFromStage(
  client: pg.PoolClient,
  scope: Scope,
  target: string,
  columns: string,
  stage: string,
  conflict: string,
): Promise<UpsertCounts> {
  const { rows } = await client.query<{ inserted: number; total: number }>(
    `WITH written AS (
       INSERT INTO ${target} (group_id, company_id, import_id, ${columns})
       SELECT $1, $2, $3, t.* FROM ${stage} t
       ${conflict}
       RETURNING (xmax = 0) AS inserted)
     SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*)::int AS total FROM written`,
    [scope.groupId, scope.companyId, scope.importId],
  );
  const { inserted = 0, total = 0 } = rows[0] ?? {};
  return { inserted, updated: total - inserted };
}

export async function copyUpsertInvoices(
  client: pg.PoolClient,
  scope: Scope,
  batch: NormalizedInvoice[],
): Promise<UpsertCounts> {
  const rows = lastByKey(batch, (invoice) => invoice.key);
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  await copyInto(client, STAGE_INVOICES, copyText(rows, INVOICE_FIELDS));
  const columns = INVOICE_FIELDS.map((field) => field.column).join(', ');
  return upsertFromStage(client, scope, 'invoices', columns, STAGE_INVOICES, INVOICE_CONFLICT);
}

export async function copyUpsertInvoiceLines(
  client: pg.PoolClient,
  scope: Scope,
  batch: NormalizedInvoiceLine[],
): Promise<UpsertCounts> {
  const rows = lastByKey(batch, (line) => `${line.invoiceKey}#${line.lineNo}`);
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  await copyInto(client, STAGE_LINES, copyText(rows, LINE_FIELDS));
  const columns = LINE_FIELDS.map((field) => field.column).join(', ');
  return upsertFromStage(client, scope, 'invoice_lines', columns, STAGE_LINES, LINE_CONFLICT);
}

/**
 * COPY straight into invoices, lines and the import's holdings, with no staging table and no
 * ON CONFLICT: only for rows that cannot meet a stored row (invoice-batch.writer.ts decides). The
 * tables' unique keys still hold; should a concurrent import have stored one of these keys after
 * all, COPY fails with unique_violation and the import is run again the careful way.
 */
export async function copyDirect(client: pg.PoolClient, copies: readonly DirectCopy[]): Promise<void> {
  for (const { target, text } of copies) await copy(client, target, text);
}
