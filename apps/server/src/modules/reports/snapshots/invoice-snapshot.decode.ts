import type { InvoiceRiskLevel, InvoiceStatus, NormalizedInvoice, NormalizedInvoiceLine } from '@taxlens/engine';
import { HEAD_COLUMNS, type Header, NULL_INT32 } from './invoice-snapshot.format.js';

type TextColumn = { values: (string | null)[]; at: Uint8Array | Uint16Array | Uint32Array };
type NumberColumn = Int32Array | Float64Array;

export interface DecodedSnapshot {
  invoices: NormalizedInvoice[];
  lines: NormalizedInvoiceLine[];
  /** Every line's invoice is among `invoices`. */
  ownLines: boolean;
}

/** Reads a snapshot back into the engine's records (heads and lines each in their sorted order). */
export function decodeInvoiceSnapshot(data: Uint8Array): DecodedSnapshot {
  // Typed arrays need an aligned offset; the driver's Buffer may sit anywhere in a pool.
  const bytes = data.byteOffset % 8 === 0 ? data : new Uint8Array(data);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(0, true);
  const header = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 4, headerLength).toString('utf8')) as Header;
  if (header.version !== 1) throw new Error(`unknown invoice snapshot version ${header.version}`);
  let offset = 4 + headerLength;
  offset += (8 - (offset % 8)) % 8;
  const columns = header.columns.map((column, index) => {
    const rows = index < HEAD_COLUMNS.length ? header.heads : header.lines;
    const start = bytes.byteOffset + offset;
    let array: Uint8Array | Uint16Array | Uint32Array | NumberColumn;
    if (column.kind === 'text') {
      const width = column.width ?? 4;
      array =
        width === 1
          ? new Uint8Array(bytes.buffer, start, rows)
          : width === 2
            ? new Uint16Array(bytes.buffer, start, rows)
            : new Uint32Array(bytes.buffer, start, rows);
    } else if (column.kind === 'flag') {
      array = new Uint8Array(bytes.buffer, start, rows);
    } else {
      array = column.int32 ? new Int32Array(bytes.buffer, start, rows) : new Float64Array(bytes.buffer, start, rows);
    }
    offset += array.byteLength + ((8 - (array.byteLength % 8)) % 8);
    return column.kind === 'text' ? { values: column.values ?? [null], at: array } : array;
  });
  const text = (index: number) => {
    const column = columns[index];
    if (!column || ArrayBuffer.isView(column)) throw new Error(`invoice snapshot column ${index} is not text`);
    return column as TextColumn;
  };
  const numbers = (index: number) => columns[index] as NumberColumn;
  const flags = (index: number) => columns[index] as Uint8Array;
  return {
    invoices: decodeHeads(header.heads, text, numbers, flags),
    lines: decodeLines(header.lines, text, numbers),
    ownLines: header.ownLines,
  };
}

type ColumnOf<T> = (index: number) => T;

/**
 * Each field reads its own column at its own site, so every access stays monomorphic; the field
 * order is that of the rows read from the tables (invoice-load.repo.ts).
 */
function decodeHeads(
  count: number,
  text: ColumnOf<TextColumn>,
  numbers: ColumnOf<NumberColumn>,
  flags: ColumnOf<Uint8Array>,
): NormalizedInvoice[] {
  const [key, digital, code, number, direction, sellerTaxNo, sellerName, buyerTaxNo, buyerName, issuedAt] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
  ].map(text) as TextColumn[];
  const [source, kindText, kindCode] = [14, 15, 16].map(text) as TextColumn[];
  const [status, statusText, risk, issuer, remark, redOf] = [18, 19, 21, 22, 23, 24].map(text) as TextColumn[];
  const [amount, tax, total] = [11, 12, 13].map(numbers) as NumberColumn[];
  const [hasTime, isSpecial, isPositive] = [10, 17, 20].map(flags) as Uint8Array[];
  const invoices: NormalizedInvoice[] = new Array(count);
  for (let row = 0; row < count; row += 1) {
    invoices[row] = {
      key: key!.values[key!.at[row]!] as string,
      digitalNumber: digital!.values[digital!.at[row]!]!,
      code: code!.values[code!.at[row]!]!,
      number: number!.values[number!.at[row]!]!,
      direction: direction!.values[direction!.at[row]!] as NormalizedInvoice['direction'],
      sellerTaxNo: sellerTaxNo!.values[sellerTaxNo!.at[row]!] as string,
      sellerName: sellerName!.values[sellerName!.at[row]!] as string,
      buyerTaxNo: buyerTaxNo!.values[buyerTaxNo!.at[row]!] as string,
      buyerName: buyerName!.values[buyerName!.at[row]!] as string,
      issuedAt: issuedAt!.values[issuedAt!.at[row]!] as string,
      hasTime: hasTime![row] === 1,
      amountFen: amount![row]!,
      taxFen: tax![row]!,
      totalFen: total![row]!,
      source: source!.values[source!.at[row]!]!,
      kindText: kindText!.values[kindText!.at[row]!]!,
      kindCode: kindCode!.values[kindCode!.at[row]!]!,
      isSpecial: isSpecial![row] === 1,
      status: status!.values[status!.at[row]!] as InvoiceStatus,
      statusText: statusText!.values[statusText!.at[row]!]!,
      isPositive: isPositive![row] === 1,
      riskLevel: risk!.values[risk!.at[row]!] as InvoiceRiskLevel | null,
      issuer: issuer!.values[issuer!.at[row]!]!,
      remark: remark!.values[remark!.at[row]!]!,
      redOfNumber: redOf!.values[redOf!.at[row]!]!,
    };
  }
  return invoices;
}

function decodeLines(
  count: number,
  text: ColumnOf<TextColumn>,
  numbers: ColumnOf<NumberColumn>,
): NormalizedInvoiceLine[] {
  const at = (index: number) => HEAD_COLUMNS.length + index;
  const [key, direction, taxCode, special, itemText, category, itemName, spec, unit, quantity, unitPrice, rateText] = [
    0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13,
  ]
    .map(at)
    .map(text) as TextColumn[];
  const [lineNo, amount, rateBp, tax, total] = [1, 12, 14, 15, 16].map(at).map(numbers) as NumberColumn[];
  const rateIsInt32 = rateBp instanceof Int32Array;
  const lines: NormalizedInvoiceLine[] = new Array(count);
  for (let row = 0; row < count; row += 1) {
    const bp = rateBp![row]!;
    lines[row] = {
      invoiceKey: key!.values[key!.at[row]!] as string,
      lineNo: lineNo![row]!,
      direction: direction!.values[direction!.at[row]!] as NormalizedInvoiceLine['direction'],
      taxCode: taxCode!.values[taxCode!.at[row]!]!,
      specialBusiness: special!.values[special!.at[row]!]!,
      itemText: itemText!.values[itemText!.at[row]!] as string,
      category: category!.values[category!.at[row]!]!,
      itemName: itemName!.values[itemName!.at[row]!] as string,
      spec: spec!.values[spec!.at[row]!]!,
      unit: unit!.values[unit!.at[row]!]!,
      quantity: quantity!.values[quantity!.at[row]!]!,
      unitPrice: unitPrice!.values[unitPrice!.at[row]!]!,
      amountFen: amount![row]!,
      taxRateText: rateText!.values[rateText!.at[row]!]!,
      taxRateBp: (rateIsInt32 ? bp === NULL_INT32 : Number.isNaN(bp)) ? null : bp,
      taxFen: tax![row]!,
      totalFen: total![row]!,
    };
  }
  return lines;
}
