/**
 * Opens the upload (path or stream), reads its first bytes to recognise the file type, and hands
 * back a stream that replays those bytes followed by the rest, so nothing is read twice.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { InvoiceImportError } from './invoice-import.errors.js';
import type { InvoiceExportFormat, InvoiceExportInput } from './invoice-import.types.js';

const HEAD_BYTES = 4096;

export interface OpenedInput {
  head: Buffer;
  stream: Readable;
  close(): void;
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk));
}

export async function openInput(input: InvoiceExportInput): Promise<OpenedInput> {
  const source: Readable = 'path' in input ? createReadStream(input.path) : input.stream;
  const iterator: AsyncIterator<unknown> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = toBuffer(next.value);
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);

  async function* replay(): AsyncGenerator<Buffer> {
    try {
      if (head.length > 0) yield head;
      while (!ended) {
        const next = await iterator.next();
        if (next.done) return;
        yield toBuffer(next.value);
      }
    } finally {
      await iterator.return?.();
    }
  }

  return {
    head,
    stream: Readable.from(replay(), { objectMode: false }),
    close: () => source.destroy(),
  };
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type FileSignature = 'empty' | 'zip' | 'ole' | 'binary' | 'text';

/** What the first bytes say the file is; UTF-16 text (with its BOM) counts as text despite its NULs. */
export function signatureOf(head: Buffer): FileSignature {
  if (head.length === 0) return 'empty';
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  if (head.subarray(0, 8).equals(OLE_MAGIC)) return 'ole';
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return 'text';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'binary';
  return head.includes(0) ? 'binary' : 'text';
}

const ENCRYPTED_MARK = Buffer.from('EncryptedPackage', 'utf16le');
const WORKBOOK_MARKS = [Buffer.from('Workbook', 'utf16le'), Buffer.from('Book', 'utf16le')];

/**
 * An OLE compound file is either an Office-encrypted xlsx (its directory names an
 * EncryptedPackage stream) or an old .xls (a Workbook stream). The directory can sit anywhere,
 * so the whole file is read, with an overlap so a name split across chunks is still seen; an
 * .xls comes back whole for the legacy reader (BIFF8 cannot be streamed).
 */
async function readOle(opened: OpenedInput): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let tail = Buffer.alloc(0);
  let workbook = false;
  for await (const chunk of opened.stream) {
    const bytes = toBuffer(chunk);
    chunks.push(bytes);
    const window = Buffer.concat([tail, bytes]);
    if (window.includes(ENCRYPTED_MARK)) throw new InvoiceImportError('ENCRYPTED_WORKBOOK');
    workbook ||= WORKBOOK_MARKS.some((mark) => window.includes(mark));
    tail = window.subarray(Math.max(0, window.length - ENCRYPTED_MARK.length));
  }
  if (!workbook) throw new InvoiceImportError('OLE_UNKNOWN');
  return Buffer.concat(chunks);
}

/**
 * Refuses a file whose bytes do not fit the declared format, with a message that says what to do.
 * A legacy .xls declared as a workbook is accepted: its bytes are returned for the legacy reader.
 */
export async function assertFormat(opened: OpenedInput, format: InvoiceExportFormat): Promise<Buffer | null> {
  const signature = signatureOf(opened.head);
  if (signature === 'empty') throw new InvoiceImportError('EMPTY_FILE');
  if (signature === 'ole') {
    const bytes = await readOle(opened);
    if (format === 'csv') {
      throw new InvoiceImportError('LEGACY_XLS', '文件是 Excel 工作簿（.xls）而不是 CSV，请按 .xls 格式上传');
    }
    return bytes;
  }
  if (format === 'xlsx' && signature !== 'zip') throw new InvoiceImportError('NOT_XLSX');
  if (format === 'csv' && signature === 'zip') {
    throw new InvoiceImportError('NOT_CSV', '文件是 Excel 工作簿而不是 CSV，请按 .xlsx 格式上传');
  }
  if (format === 'csv' && signature === 'binary') throw new InvoiceImportError('NOT_CSV');
  return null;
}
