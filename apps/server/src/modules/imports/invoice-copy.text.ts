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

/** Bytes per row the first buffer of `copyBytes` allows (invoices and lines average ~220 in UTF-8). */
const BYTES_PER_ROW = 320;

/**
 * The same text as `copyText`, as UTF-8 bytes written line by line into one buffer of its own
 * (never pooled memory, so it can be moved to another thread). Building the whole batch as one
 * string and encoding it cost about twice as much: the string is a chain of 5 000 pieces that
 * has to be flattened first (issue 21, measured on the 100 000-line csv: ~0.45 → ~0.23 s CPU at load 12).
 */
export function copyBytes<T extends object>(
  rows: readonly T[],
  fields: readonly { key: string }[],
  prefix = '',
): Uint8Array {
  const line = rowTextOf(fields);
  let buffer = Buffer.allocUnsafeSlow(rows.length * BYTES_PER_ROW + 4096);
  let at = 0;
  for (const row of rows) {
    const text = `${prefix}${line(row)}\n`;
    // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair 4 for two units).
    if (buffer.length - at < text.length * 3) {
      const larger = Buffer.allocUnsafeSlow(buffer.length * 2 + text.length * 3);
      buffer.copy(larger, 0, 0, at);
      buffer = larger;
    }
    at += buffer.write(text, at);
  }
  return new Uint8Array(buffer.buffer, buffer.byteOffset, at);
}

const scopePrefix = (scope: Scope) => `${scope.groupId}\t${scope.companyId}\t${scope.importId}\t`;

/** One COPY of a direct batch, its text made ahead (`directCopies`). */
export interface DirectCopy {
  target: string;
  /**
   * A string, or its UTF-8 bytes when made for the import thread (moved across, not copied; the
   * view's buffer belongs to this copy alone).
   */
  text: string | Uint8Array;
}

/**
 * The COPYs that store a batch straight into invoices, lines and the import's holdings. Made
 * apart from sending them, so the runner makes a batch's text while PostgreSQL still stores the
 * batch before (issue 21). `heldKeys`: the invoice keys whose holding rows go with this batch
 * (invoice-batch.prepare.ts). `bytes`: as UTF-8 bytes (the import thread's step) instead of strings.
 */
export function directCopies(
  scope: Scope,
  batch: { invoices: readonly NormalizedInvoice[]; lines: readonly NormalizedInvoiceLine[] },
  heldKeys: readonly string[],
  bytes = false,
): DirectCopy[] {
  const prefix = scopePrefix(scope);
  const rowsText = bytes ? copyBytes : copyText;
  const copies: DirectCopy[] = [];
  if (batch.invoices.length > 0) {
    const columns = INVOICE_FIELDS.map((field) => field.column).join(', ');
    copies.push({
      target: `invoices (group_id, company_id, import_id, ${columns})`,
      text: rowsText(batch.invoices, INVOICE_FIELDS, prefix),
    });
  }
  if (heldKeys.length > 0) {
    const holdings = `${scope.importId}\t${scope.companyId}\t`;
    const keys = `${heldKeys.map((key) => holdings + copyValue(key)).join('\n')}\n`;
    copies.push({
      target: 'import_invoices (import_id, company_id, invoice_key)',
      text: bytes ? new TextEncoder().encode(keys) : keys,
    });
  }
  if (batch.lines.length > 0) {
    const columns = LINE_FIELDS.map((field) => field.column).join(', ');
    copies.push({
      target: `invoice_lines (group_id, company_id, import_id, ${columns})`,
      text: rowsText(batch.lines, LINE_FIELDS, prefix),
    });
  }
  return copies;
}
