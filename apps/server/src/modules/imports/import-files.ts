import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage.js';
import { checkZipBounds, ZipBoundsError, type ZipLimits } from '../../lib/zip-bounds.js';

export type ImportKind = 'invoice' | 'statement' | 'return' | 'deduction' | 'payroll';

const ALLOWED: Record<ImportKind, string[]> = {
  invoice: ['.xlsx', '.xls', '.csv'],
  statement: ['.xlsx', '.xls'],
  return: ['.xlsx', '.xls', '.pdf'],
  deduction: ['.xlsx', '.xls'],
  payroll: ['.xlsx', '.xls'],
};

export const KIND_LABELS: Record<ImportKind, string> = {
  invoice: '发票数据',
  statement: '财务报表',
  return: '申报表',
  deduction: '发票勾选清单',
  payroll: '个税与社保数据',
};

/** Refuses a file whose name does not fit the kind before anything is stored. */
export function checkFileName(kind: ImportKind, fileName: string): string {
  const ext = path.extname(fileName).toLowerCase();
  if (!ALLOWED[kind].includes(ext)) {
    throw new AppError('VALIDATION', `${KIND_LABELS[kind]}只支持 ${ALLOWED[kind].join('、')} 文件`);
  }
  return ext;
}

/**
 * Bounds of a zip upload (xlsx) by kind, checked before any importer parses it (lib/zip-bounds.ts).
 * Invoice exports are read streaming, so they may be large; statements and returns are loaded
 * whole by exceljs (hundreds of bytes of memory per cell), so their cells are capped lower.
 */
const STREAMED_ZIP: ZipLimits = { maxUncompressedBytes: 800 * 1024 * 1024, maxCells: 6_000_000 };
const LOADED_ZIP: ZipLimits = { maxUncompressedBytes: 100 * 1024 * 1024, maxCells: 300_000 };

export function zipLimitsFor(kind: ImportKind): ZipLimits {
  return kind === 'invoice' ? STREAMED_ZIP : LOADED_ZIP;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Streams an upload into storage while hashing it; the key is random, never derived from user
 * input. A zip (whatever its name says) is checked against `zipLimits` before anyone parses it;
 * a file over them is deleted and refused with the reason.
 */
export async function storeUpload(
  storage: FileStorage,
  groupId: number,
  ext: string,
  file: Readable,
  zipLimits: ZipLimits = LOADED_ZIP,
): Promise<{ key: string; size: number; sha256: string }> {
  const key = `imports/${groupId}/${randomUUID()}${ext}`;
  const hash = createHash('sha256');
  // The first bytes, to tell a zip without reading the stored file back (a csv may be tens of MB).
  let head = Buffer.alloc(0);
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (head.length < ZIP_MAGIC.length) head = Buffer.concat([head, chunk.subarray(0, ZIP_MAGIC.length)]);
      done(null, chunk);
    },
  });
  const { size } = await storage.put(key, file.pipe(hashing));
  if ((file as Readable & { truncated?: boolean }).truncated) {
    await storage.delete(key);
    throw new AppError('PAYLOAD_TOO_LARGE');
  }
  if (size === 0) {
    await storage.delete(key);
    throw new AppError('VALIDATION', '文件为空，请重新选择');
  }
  if (head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
    try {
      await checkZipBounds(await storage.readBuffer(key), zipLimits);
    } catch (error) {
      await storage.delete(key);
      if (error instanceof ZipBoundsError) throw new AppError('VALIDATION', error.message);
      throw error;
    }
  }
  return { key, size, sha256: hash.digest('hex') };
}
