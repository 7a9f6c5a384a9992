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
import {
  INVOICE_CONFLICT,
  INVOICE_FIELDS,
  LINE_CONFLICT,
  LINE_FIELDS,
  lastByKey,
  type UpsertCounts,
} from './invoices.repo.js';

interface Scope {
  groupId: number;
  companyId: number;
  importId: number;
}

const SPECIAL = /[\\\t\n\r]/;

/** One value in COPY's text format: \N for null, backslash escapes for the characters COPY reads specially. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = typeof value === 'string' ? value : String(value);
  return SPECIAL.test(text)
    ? text.replace(/[\\\t\n\r]/g, (char) =>
        char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
      )
    : text;
}

type RowText = (row: object) => string;
const rowTexts = new Map<readonly { key: string }[], RowText>();

/**
 * One row as a COPY line, by a function made once per field list: it reads each field by name
 * (a plain property load) and joins them with tabs. A loop reading `row[field.key]` with a
 * different key every step cost about twice as much on 100 000 lines (issue 21).
 */
function rowTextOf(fields: readonly { key: string }[]): RowText {
  let text = rowTexts.get(fields);
  if (!text) {
    const body = fields.map((field) => `value(row[${JSON.stringify(field.key)}])`).join(" + '\\t' + ");
    text = new Function('value', `return (row) => ${body};`)(copyValue) as RowText;
    rowTexts.set(fields, text);
  }
  return text;
}

/** The rows as COPY text, each line starting with `prefix` (the scope's columns of a direct copy). */
function copyText<T extends object>(rows: readonly T[], fields: readonly { key: string }[], prefix = ''): string {
  const line = rowTextOf(fields);
  let text = '';
  for (const row of rows) text += `${prefix}${line(row)}\n`;
  return text;
}

function copy(client: pg.PoolClient, target: string, text: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stream = client.query(copyFrom(`COPY ${target} FROM STDIN`));
    stream.on('finish', resolve);
    stream.on('error', reject);
    stream.end(text);
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

const scopePrefix = (scope: Scope) => `${scope.groupId}\t${scope.companyId}\t${scope.importId}\t`;

/** One COPY of a direct batch, its text made ahead (`directCopies`). */
export interface DirectCopy {
  target: string;
  text: string;
}

/**
 * The COPYs that store a batch straight into invoices, lines and the import's holdings. Made
 * apart from sending them, so the runner makes a batch's text while PostgreSQL still stores the
 * batch before (issue 21).
 */
export function directCopies(
  scope: Scope,
  batch: { invoices: readonly NormalizedInvoice[]; lines: readonly NormalizedInvoiceLine[] },
): DirectCopy[] {
  const prefix = scopePrefix(scope);
  const copies: DirectCopy[] = [];
  if (batch.invoices.length > 0) {
    const columns = INVOICE_FIELDS.map((field) => field.column).join(', ');
    copies.push({
      target: `invoices (group_id, company_id, import_id, ${columns})`,
      text: copyText(batch.invoices, INVOICE_FIELDS, prefix),
    });
    const holdings = `${scope.importId}\t${scope.companyId}\t`;
    copies.push({
      target: 'import_invoices (import_id, company_id, invoice_key)',
      text: `${batch.invoices.map((invoice) => holdings + copyValue(invoice.key)).join('\n')}\n`,
    });
  }
  if (batch.lines.length > 0) {
    const columns = LINE_FIELDS.map((field) => field.column).join(', ');
    copies.push({
      target: `invoice_lines (group_id, company_id, import_id, ${columns})`,
      text: copyText(batch.lines, LINE_FIELDS, prefix),
    });
  }
  return copies;
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
