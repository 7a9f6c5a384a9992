/**
 * The entries of a zip held in memory, read from its central directory (an xlsx's parts). Only
 * what Office and the export tools write is taken: stored or deflated entries, no encryption, no
 * ZIP64; for anything else `zipEntries` answers null and the caller falls back to a full reader.
 */
import { createInflateRaw, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** Offset of the entry's local header in the archive, which is also the order entries stream in. */
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Inflated bytes handed over at a time: fewer, larger chunks for the XML scan. */
const INFLATE_CHUNK = 1 << 20;

/** Entries in the order they are stored (local header offset), or null when the archive is not one this reader takes. */
export function zipEntries(zip: Buffer): ZipEntry[] | null {
  const floor = Math.max(0, zip.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = zip.length - 22; at >= floor; at -= 1) {
    if (zip.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = zip.readUInt16LE(eocd + 10);
  const size = zip.readUInt32LE(eocd + 12);
  let at = zip.readUInt32LE(eocd + 16);
  // ZIP64 markers, or a directory that does not fit: leave it to the full reader.
  if (count === 0xffff || size === 0xffffffff || at === 0xffffffff || at + size > eocd) return null;
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return null;
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    if (flags & 0x1 || (method !== 0 && method !== 8) || compressedSize === 0xffffffff || localOffset === 0xffffffff)
      return null;
    entries.push({ name, method, compressedSize, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries.sort((a, b) => a.localOffset - b.localOffset);
}

/** The entry's compressed bytes, located through its local header. */
function dataOf(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL)
    throw new Error(`zip entry ${entry.name}: bad local header`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw new Error(`zip entry ${entry.name}: truncated`);
  return zip.subarray(start, start + entry.compressedSize);
}

/** A small part (workbook, relations, styles, shared strings) whole. */
export function entryBytes(zip: Buffer, entry: ZipEntry): Buffer {
  const data = dataOf(zip, entry);
  return entry.method === 0 ? data : inflateRawSync(data);
}

/** A large part (a worksheet) in chunks, inflated by zlib off the main thread while the caller scans. */
export async function* entryChunks(zip: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const data = dataOf(zip, entry);
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += INFLATE_CHUNK) yield data.subarray(at, at + INFLATE_CHUNK);
    return;
  }
  const inflate = createInflateRaw({ chunkSize: INFLATE_CHUNK });
  inflate.end(data);
  for await (const chunk of inflate) yield chunk as Buffer;
}
