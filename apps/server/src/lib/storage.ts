import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded and generated files live. Keys are relative paths like
 * `imports/1/3f2a….xlsx`; the local implementation keeps them under DATA_DIR/files, and an
 * S3-compatible implementation can replace it without touching callers.
 */
export interface FileStorage {
  put(key: string, data: Buffer | Readable): Promise<{ size: number }>;
  /** The whole file, or bytes start..end inclusive (HTTP range requests of course videos). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The stored size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  readBuffer(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys come from our own code, but a path escaping the root is refused all the same.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const temp = `${full}.part`;
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(temp));
      await fs.rename(temp, full);
      return { size: (await fs.stat(full)).size };
    },
    async read(key, range) {
      const full = resolve(key);
      await fs.access(full);
      return createReadStream(full, range ? { start: range.start, end: range.end } : undefined);
    },
    size: (key) =>
      fs
        .stat(resolve(key))
        .then((stat) => stat.size)
        .catch(() => null),
    readBuffer: (key) => fs.readFile(resolve(key)),
    exists: (key) =>
      fs
        .access(resolve(key))
        .then(() => true)
        .catch(() => false),
    delete: (key) => fs.rm(resolve(key), { force: true }),
  };
}
