/**
 * exceljs 4.4's streaming reader decodes every zip chunk on its own (utils/parse-sax.js uses a
 * non-streaming TextDecoder), so a Chinese character cut by a chunk boundary becomes '\ufffd'
 * and names, item texts or 是/否 arrive garbled in large files. Re-cutting the chunks on UTF-8
 * character boundaries before exceljs sees them avoids it without touching the library.
 */
import { Readable } from 'node:stream';

/** Length of the prefix of `bytes` that ends on a whole UTF-8 character. */
export function completeUtf8Length(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= Math.min(4, end); back += 1) {
    const byte = bytes[end - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? end - back : end;
  }
  return end;
}

export async function* alignUtf8Chunks(chunks: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    const joined = carry.length > 0 ? Buffer.concat([carry, bytes]) : bytes;
    const cut = completeUtf8Length(joined);
    carry = joined.subarray(cut);
    if (cut > 0) yield joined.subarray(0, cut);
  }
  if (carry.length > 0) yield carry;
}

/** The internals of exceljs's WorkbookReader that read XML parts; absent from its typings. */
interface WorkbookReaderInternals {
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>;
}

/** Patches one reader instance (not the library) so each XML part it parses arrives aligned. */
export function alignWorkbookReaderChunks(reader: object): void {
  const internals = reader as WorkbookReaderInternals;
  const parseWorkbook = internals._parseWorkbook.bind(reader);
  const parseSharedStrings = internals._parseSharedStrings.bind(reader);
  const parseWorksheet = internals._parseWorksheet.bind(reader);
  internals._parseWorkbook = (entry) => parseWorkbook(Readable.from(alignUtf8Chunks(entry)));
  internals._parseSharedStrings = (entry) => parseSharedStrings(Readable.from(alignUtf8Chunks(entry)));
  internals._parseWorksheet = (iterator, sheetNo) => parseWorksheet(alignUtf8Chunks(iterator), sheetNo);
}
