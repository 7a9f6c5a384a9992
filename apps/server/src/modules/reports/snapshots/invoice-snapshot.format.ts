import type { NormalizedInvoice, NormalizedInvoiceLine } from '@taxlens/engine';

/**
 * A compact, columnar copy of the invoices and lines one import inserted (issue 21). Reading
 * 100 000 lines back from PostgreSQL costs more than the rules themselves: the driver makes about
 * two million strings and 133 000 row objects. Here every text column is a table of its distinct
 * values plus one small integer per row, numbers an Int32Array (Float64Array when one does not
 * fit) and flags a Uint8Array, so
 * turning the snapshot back into the engine's records makes only the distinct strings.
 *
 * Layout: u32 length of a JSON header (row counts, and per column its kind, index width and
 * distinct values), the header, zero padding to 8 bytes, then each column's typed array in the
 * order of HEAD_COLUMNS and LINE_COLUMNS, each padded to 8 bytes.
 */

export type ColumnKind = 'text' | 'number' | 'nullableNumber' | 'flag';

export const HEAD_COLUMNS = [
  ['key', 'text'],
  ['digitalNumber', 'text'],
  ['code', 'text'],
  ['number', 'text'],
  ['direction', 'text'],
  ['sellerTaxNo', 'text'],
  ['sellerName', 'text'],
  ['buyerTaxNo', 'text'],
  ['buyerName', 'text'],
  ['issuedAt', 'text'],
  ['hasTime', 'flag'],
  ['amountFen', 'number'],
  ['taxFen', 'number'],
  ['totalFen', 'number'],
  ['source', 'text'],
  ['kindText', 'text'],
  ['kindCode', 'text'],
  ['isSpecial', 'flag'],
  ['status', 'text'],
  ['statusText', 'text'],
  ['isPositive', 'flag'],
  ['riskLevel', 'text'],
  ['issuer', 'text'],
  ['remark', 'text'],
  ['redOfNumber', 'text'],
] as const satisfies readonly (readonly [keyof NormalizedInvoice, ColumnKind])[];

export const LINE_COLUMNS = [
  ['invoiceKey', 'text'],
  ['lineNo', 'number'],
  ['direction', 'text'],
  ['taxCode', 'text'],
  ['specialBusiness', 'text'],
  ['itemText', 'text'],
  ['category', 'text'],
  ['itemName', 'text'],
  ['spec', 'text'],
  ['unit', 'text'],
  ['quantity', 'text'],
  ['unitPrice', 'text'],
  ['amountFen', 'number'],
  ['taxRateText', 'text'],
  ['taxRateBp', 'nullableNumber'],
  ['taxFen', 'number'],
  ['totalFen', 'number'],
] as const satisfies readonly (readonly [keyof NormalizedInvoiceLine, ColumnKind])[];

export const HEAD_INDEX = { key: 0, issuedAt: 9 } as const;
export const LINE_INDEX = { invoiceKey: 0, lineNo: 1 } as const;

/** Issue time, then key (UTF-16 code unit order, the same wherever the rows came from). */
export function compareHeads(issuedA: string, keyA: string, issuedB: string, keyB: string): number {
  if (issuedA !== issuedB) return issuedA < issuedB ? -1 : 1;
  return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
}

/** Invoice key, then line number. */
export function compareLines(keyA: string, lineA: number, keyB: string, lineB: number): number {
  if (keyA !== keyB) return keyA < keyB ? -1 : 1;
  return lineA - lineB;
}

export interface HeaderColumn {
  kind: ColumnKind;
  /** Bytes per index of a text column (1, 2 or 4). */
  width?: 1 | 2 | 4;
  /** Distinct values of a text column; index 0 is null. */
  values?: (string | null)[];
  /** A number column stored as Int32Array (null as NULL_INT32) rather than Float64Array. */
  int32?: boolean;
}

export const NULL_INT32 = -0x80000000;

export interface Header {
  version: 1;
  heads: number;
  lines: number;
  /** Every line's invoice is among the snapshot's own invoices. */
  ownLines: boolean;
  columns: HeaderColumn[];
}
