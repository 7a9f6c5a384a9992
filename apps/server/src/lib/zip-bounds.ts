import { createInflateRaw } from 'node:zlib';

/**
 * Bounds of an uploaded zip container (xlsx, and any other zip a module accepts), checked before
 * any parser opens it: a 1.4 MB workbook once took the server to 3.7 GB (issue 12). The central
 * directory's sizes are checked first (an honest bomb is refused at once), then every entry is
 * inflated without keeping a byte, counting what comes out, so a directory that lies is caught too.
 */
export interface ZipLimits {
  /** All entries together, inflated. */
  maxUncompressedBytes: number;
  /** Cells (`<c` elements) in the worksheets, for workbooks. */
  maxCells: number;
}

export class ZipBoundsError extends Error {}

/** An entry inflating beyond this many times its compressed size is a bomb (office XML: 5-50x). */
const MAX_RATIO = 250;
const SLACK = 1024 * 1024;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

function readDirectory(bytes: Buffer): Entry[] {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > bytes.length) throw new ZipBoundsError('文件不是有效的 xlsx（压缩包目录缺失）');
  const count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new ZipBoundsError('文件过大（ZIP64 压缩包不受支持）');
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) {
      throw new ZipBoundsError('文件不是有效的 xlsx（压缩包目录损坏）');
    }
    const nameLength = bytes.readUInt16LE(offset + 28);
    entries.push({
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      uncompressedSize: bytes.readUInt32LE(offset + 24),
      localOffset: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return entries;
}

function entryData(bytes: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) {
    throw new ZipBoundsError('文件不是有效的 xlsx（压缩包条目损坏）');
  }
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  return bytes.subarray(start, Math.min(bytes.length, start + entry.compressedSize));
}

const CELL = Buffer.from('<c');

/** Counts `<c ` and `<c>` (not `<col`, `<cfRule` …) in one chunk; `carry` joins chunk edges. */
function countCells(chunk: Buffer, carry: Buffer): { cells: number; carry: Buffer } {
  const text = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
  let cells = 0;
  for (let at = text.indexOf(CELL); at >= 0 && at + 2 < text.length; at = text.indexOf(CELL, at + 2)) {
    const next = text[at + 2];
    if (next === 0x20 || next === 0x3e || next === 0x2f) cells++;
  }
  return { cells, carry: text.subarray(Math.max(0, text.length - 2)) };
}

/** Inflates one entry, counting bytes (and cells of a worksheet); stops the moment a bound is passed. */
function inflateCounting(
  data: Buffer,
  entry: Entry,
  budget: { bytes: number; cells: number },
): Promise<{ bytes: number; cells: number }> {
  const worksheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name);
  const entryLimit = Math.min(budget.bytes, entry.compressedSize * MAX_RATIO + SLACK);
  return new Promise((resolve, reject) => {
    // Large output chunks: 134 MB of sheet XML in 16 KiB pieces cost a thread-pool round trip each.
    const inflate = createInflateRaw({ chunkSize: 1024 * 1024 });
    let bytes = 0;
    let cells = 0;
    let carry: Buffer = Buffer.alloc(0);
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      reject(error);
    };
    inflate.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > budget.bytes) return fail(new ZipBoundsError('too-large'));
      if (bytes > entryLimit) return fail(new ZipBoundsError('ratio'));
      if (worksheet) {
        const counted = countCells(chunk, carry);
        cells += counted.cells;
        carry = counted.carry;
        if (cells > budget.cells) fail(new ZipBoundsError('too-many-cells'));
      }
    });
    inflate.on('error', () => fail(new ZipBoundsError('文件不是有效的 xlsx（压缩数据损坏）')));
    inflate.on('end', () => {
      if (settled) return;
      settled = true;
      resolve({ bytes, cells });
    });
    inflate.end(data);
  });
}

/** Throws ZipBoundsError with a Chinese message when the zip is over a bound or malformed. */
export async function checkZipBounds(bytes: Buffer, limits: ZipLimits): Promise<void> {
  const tooLarge = `文件解压后超过 ${Math.round(limits.maxUncompressedBytes / 1024 / 1024)}MB，无法处理：请拆分为多个文件后上传`;
  const tooManyCells = `文件的单元格超过 ${limits.maxCells.toLocaleString('en-US')} 个，无法处理：请拆分为多个文件后上传`;
  const entries = readDirectory(bytes);
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > limits.maxUncompressedBytes) throw new ZipBoundsError(tooLarge);
  let total = 0;
  let cells = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    if (entry.method !== 0 && entry.method !== 8) throw new ZipBoundsError('文件不是有效的 xlsx（不支持的压缩方式）');
    const data = entryData(bytes, entry);
    try {
      const counted =
        entry.method === 0
          ? { bytes: data.length, cells: countCells(data, Buffer.alloc(0)).cells }
          : await inflateCounting(data, entry, {
              bytes: limits.maxUncompressedBytes - total,
              cells: limits.maxCells - cells,
            });
      total += counted.bytes;
      cells += counted.cells;
    } catch (error) {
      if (!(error instanceof ZipBoundsError)) throw error;
      if (error.message === 'too-large') throw new ZipBoundsError(tooLarge);
      if (error.message === 'too-many-cells') throw new ZipBoundsError(tooManyCells);
      if (error.message === 'ratio') throw new ZipBoundsError('文件的压缩比异常（疑似压缩炸弹），已拒绝');
      throw error;
    }
    if (total > limits.maxUncompressedBytes) throw new ZipBoundsError(tooLarge);
    if (cells > limits.maxCells) throw new ZipBoundsError(tooManyCells);
  }
}
