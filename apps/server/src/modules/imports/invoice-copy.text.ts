/**
 * COPY's text format for the import's rows (issue 21), apart from the connection code: the
 * import thread makes a direct batch's text with it (invoice-batch.thread.ts), the careful way
 * its staging text (invoice-copy.repo.ts).
 */
import type { NormalizedInvoice, NormalizedInvoiceLine } from '@taxlens/engine';
import { INVOICE_FIELDS, LINE_FIELDS } from './invoice-fields.js';

export interface Scope {
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
export function copyText<T extends object>(
  rows: readonly T[],
  fields: readonly { key: string }[],
  prefix = '',
): string {
  const line = rowTextOf(fields);
  let text = '';
  for (const row of rows) text += `${prefix}${line(row)}\n`;
  return text;
}

const scopePrefix = (scope: Scope) => `${scope.groupId}\t${scope.companyId}\t${scope.importId}\t`;

/** One COPY of a direct batch, its text made ahead (`directCopies`). */
export interface DirectCopy {
  target: string;
  /** A string, or its UTF-8 bytes when made on the import thread (moved across, not copied). */
  text: string | Uint8Array;
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
