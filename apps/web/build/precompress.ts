import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; fonts (woff/woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its extra headers cost. */
const MIN_BYTES = 1024;

export interface CompressedFile {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every compressible
 * file of `dir`, so the server picks one by Accept-Encoding and never compresses per request.
 * A copy that is not smaller than the original is not written (the server then sends the original).
 */
export async function precompressDirectory(dir: string): Promise<CompressedFile[]> {
  const written: CompressedFile[] = [];
  for (const file of await listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const source = await readFile(file);
    if (source.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: 9 }),
    ]);
    if (br.length < source.length) await writeFile(`${file}.br`, br);
    if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
    written.push({ file: path.relative(dir, file), bytes: source.length, gzip: gz.length, brotli: br.length });
  }
  return written;
}

async function listFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir)) {
    const full = path.join(dir, entry);
    if ((await stat(full)).isDirectory()) files.push(...(await listFiles(full)));
    else files.push(full);
  }
  return files;
}

/** The Vite side: compresses the finished build output once every file is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'taxlens-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressDirectory(outDir);
      const gzip = files.reduce((total, file) => total + file.gzip, 0);
      const brotliTotal = files.reduce((total, file) => total + file.brotli, 0);
      this.info?.(`precompressed ${files.length} files: gzip ${kib(gzip)}, brotli ${kib(brotliTotal)}`);
    },
  };
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}
