import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

/**
 * The container of a backup: a gzip-compressed tar whose entries are written one at a time
 * (each needs its size up front, so table data is staged in a temporary file first). Every entry
 * is hashed as it goes in; the manifest lists the hashes and a restore checks them all before it
 * touches anything.
 */
export interface ArchiveWriter {
  /** Adds a file from disk under `name`; answers its size and sha256. */
  addFile(name: string, source: string): Promise<{ size: number; sha256: string }>;
  addBuffer(name: string, data: Buffer): Promise<void>;
  /** Ends the archive and waits until it is on disk. */
  finish(): Promise<void>;
  abort(): void;
}

export function writeArchive(target: string): ArchiveWriter {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(target));
  // A failed write surfaces from finish(); until then nobody may be awaiting it.
  written.catch(() => {});
  const entry = (name: string, size: number, body: Readable | Buffer) =>
    new Promise<void>((resolve, reject) => {
      const sink = pack.entry({ name, size, mode: 0o600, mtime: new Date(0) }, (error) =>
        error ? reject(error) : resolve(),
      );
      if (Buffer.isBuffer(body)) sink.end(body);
      else body.on('error', reject).pipe(sink);
    });
  return {
    async addFile(name, source) {
      const { size } = await fs.stat(source);
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await entry(name, size, createReadStream(source).pipe(hashing));
      return { size, sha256: hash.digest('hex') };
    },
    addBuffer: (name, data) => entry(name, data.length, data),
    async finish() {
      pack.finalize();
      await written;
    },
    abort() {
      pack.destroy();
    },
  };
}

/**
 * Unpacks an archive into `dir`. Only plain files with relative names that stay inside `dir`
 * are accepted: a crafted archive cannot write elsewhere.
 */
export async function extractArchive(archive: string, dir: string): Promise<void> {
  const extract = tar.extract();
  const done = pipeline(createReadStream(archive), createGunzip(), extract);
  done.catch(() => {});
  const root = path.resolve(dir);
  for await (const item of extract) {
    const target = path.resolve(root, item.header.name);
    if (item.header.type !== 'file' || !target.startsWith(root + path.sep)) {
      item.resume();
      throw new Error(`备份文件包含不允许的条目：${item.header.name}`);
    }
    await fs.mkdir(path.dirname(target), { recursive: true });
    await pipeline(item, createWriteStream(target));
  }
  await done;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file under `dir`, as sorted paths relative to it ('' when dir is missing). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
