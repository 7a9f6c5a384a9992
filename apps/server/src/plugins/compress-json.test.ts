import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.js';

/** Issue 21: JSON answers of 1 400 bytes or more go compressed as the client accepts; nothing else changes. */
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { token, ...headers } });

describe('JSON compression', () => {
  it('compresses a large JSON answer as the client accepts, to the very bytes it would send as is', async () => {
    // The catalogues every company form loads (regions, industries): several KB of JSON.
    const url = '/api/CsbFirmCertification/queryAccountingCriterionListAndTaxpayersTypeList';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1400);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ] as const) {
      const packed = await get(url, { 'accept-encoding': accept });
      expect(packed.headers['content-encoding'], accept).toBe(encoding);
      expect(packed.headers['content-type']).toBe(plain.headers['content-type']);
      expect(packed.headers['content-length']).toBe(String(packed.rawPayload.length));
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(decode(packed.rawPayload).toString()).toBe(plain.body);
    }
    // An encoding the server does not make: as is.
    expect((await get(url, { 'accept-encoding': 'zstd, deflate' })).body).toBe(plain.body);
  });

  it('leaves small answers, errors and files as they are', async () => {
    const small = await get('/api/userInfo/findUserLoginInfo', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1400);
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/CsbFirmCertification/queryAccountingCriterionListAndTaxpayersTypeList',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    const xlsx = await get('/api/CsbFirmCertification/exportFirmList', { 'accept-encoding': 'br, gzip' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    // A zip file starts with PK.
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
