import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.js';

// A built client as `npm run build` leaves it: hashed assets with .br and .gz beside them.
const SCRIPT = `export const pages = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `第${i}页`))};\n`;
const INDEX = `<!doctype html><html lang="zh-CN"><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'taxlens-dist-'));
  await mkdir(path.join(dist, 'assets'));
  for (const [name, text] of [
    ['assets/index-abc123.js', SCRIPT],
    ['index.html', INDEX],
  ] as const) {
    await writeFile(path.join(dist, name), text);
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestContext({ env: { WEB_DIST_DIR: dist } });
});

afterAll(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

async function get(url: string, acceptEncoding?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

describe('serving the built client', () => {
  it('sends the brotli copy to a browser that accepts br, the gzip one otherwise, and says it varies', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT));

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('keeps hashed assets for a year, immutable, whichever encoding is sent', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await get('/assets/index-abc123.js', encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html on every use, for a page address and for the file itself, compressed too', async () => {
    for (const url of ['/login', '/home', '/index.html']) {
      const response = await get(url, 'gzip, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX);
    }
    const favicon = await get('/favicon.svg', 'br');
    expect(favicon.headers['cache-control']).toBe('no-cache');
    // Too small to be worth a compressed copy: the original is sent.
    expect(favicon.headers['content-encoding']).toBeUndefined();
  });

  it('answers a missing asset with 404, never with index.html', async () => {
    const response = await get('/assets/index-old999.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBeUndefined();
  });
});
