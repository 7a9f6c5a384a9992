import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

let dir: string;
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('precompressDirectory', () => {
  it('writes .br and .gz beside text assets that decompress to the original, and leaves fonts and tiny files alone', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const script = `const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, name: `发票${i}` })))};`;
    await writeFile(path.join(dir, 'assets', 'page-1a2b.js'), script);
    await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>税镜</p>'.repeat(200)}`);
    await writeFile(path.join(dir, 'assets', 'font-9z.woff2'), Buffer.alloc(4096, 7));
    await writeFile(path.join(dir, 'tiny.svg'), '<svg/>');

    const written = await precompressDirectory(dir);

    expect(written.map((file) => file.file).sort()).toEqual([path.join('assets', 'page-1a2b.js'), 'index.html']);
    const br = await readFile(path.join(dir, 'assets', 'page-1a2b.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'page-1a2b.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(Buffer.byteLength(script));
    expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual([
      'font-9z.woff2',
      'page-1a2b.js',
      'page-1a2b.js.br',
      'page-1a2b.js.gz',
    ]);
    expect(await readdir(dir)).not.toContain('tiny.svg.br');
  });
});
