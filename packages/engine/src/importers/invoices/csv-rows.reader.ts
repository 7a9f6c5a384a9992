/**
 * Streams the rows of a csv export: bytes are decoded (UTF-8 or GB18030), the delimiter and line
 * ending are read from the first text, and papaparse's core parser runs chunk by chunk, carrying
 * the unfinished last record (possibly a quoted multi-line field) into the next chunk.
 */
import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import { CsvTextDecoder } from './csv-text.decoder.js';
import { InvoiceImportError } from './invoice-import.errors.js';
import type { CsvEncoding } from './invoice-import.types.js';
import type { SheetEvent, SheetRow } from './sheet-events.js';

/** Text looked at to pick the delimiter: enough for the title rows and a few data rows. */
const SAMPLE_CHARS = 16_384;

/** No real record is this long; an unclosed quote would otherwise swallow (and re-parse) the whole file. */
const MAX_RECORD_CHARS = 4_000_000;

/** Comma unless tabs clearly dominate (Excel's 'Unicode text' save is tab-separated UTF-16). */
export function delimiterOf(sample: string): string {
  const lines = sample.split(/\r\n|\n|\r/).slice(0, 20);
  let commas = 0;
  let tabs = 0;
  let semicolons = 0;
  for (const line of lines) {
    for (const char of line) {
      if (char === ',') commas += 1;
      else if (char === '\t') tabs += 1;
      else if (char === ';') semicolons += 1;
    }
  }
  if (tabs > commas && tabs >= semicolons) return '\t';
  if (semicolons > commas) return ';';
  return ',';
}

function newlineOf(sample: string): '\r\n' | '\n' | '\r' {
  const lf = sample.indexOf('\n');
  if (lf > 0 && sample[lf - 1] === '\r') return '\r\n';
  if (lf >= 0) return '\n';
  return sample.includes('\r') ? '\r' : '\n';
}

interface ParseResult {
  data: string[][];
  meta: { cursor: number };
}

/** Holder the caller reads at the end: the encoding is known after the first non-ASCII byte. */
export interface CsvReadState {
  encoding: CsvEncoding | null;
}

export async function* csvRows(source: Readable, state: CsvReadState): AsyncGenerator<SheetEvent> {
  const decoder = new CsvTextDecoder();
  let pending = '';
  let parser: InstanceType<typeof Papa.Parser> | null = null;
  let row = 0;

  const rowsOf = (data: string[][]): SheetRow[] => data.map((cells) => ({ row: ++row, cells }));

  yield { type: 'sheet', name: 'CSV' };
  for await (const chunk of source) {
    pending += decoder.decode(chunk as Uint8Array);
    if (parser === null) {
      if (pending.length < SAMPLE_CHARS) continue;
      parser = new Papa.Parser({ delimiter: delimiterOf(pending), newline: newlineOf(pending) });
    }
    // ignoreLastRow: the last record may be cut; it starts at `cursor` and waits for more text.
    const result = parser.parse(pending, 0, true) as ParseResult;
    pending = pending.slice(result.meta.cursor);
    if (pending.length > MAX_RECORD_CHARS) {
      throw new InvoiceImportError('CORRUPT_FILE', 'CSV 文件格式有误（引号不成对），无法读取，请重新导出后上传');
    }
    if (result.data.length > 0) yield { type: 'rows', rows: rowsOf(result.data) };
  }
  pending += decoder.end();
  state.encoding = decoder.encoding ?? 'utf-8';
  parser ??= new Papa.Parser({ delimiter: delimiterOf(pending), newline: newlineOf(pending) });
  if (pending !== '') {
    const result = parser.parse(pending, 0, false) as ParseResult;
    if (result.data.length > 0) yield { type: 'rows', rows: rowsOf(result.data) };
  }
}
