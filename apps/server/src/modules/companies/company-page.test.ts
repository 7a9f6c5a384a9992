import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { companySchema, pageSchema } from '@taxlens/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { envelope, ok } from '../../lib/envelope.js';
import { fastSerializerCompiler } from '../../lib/fast-serializer.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { companyList } from './companies.service.js';
import { companyPageJson } from './company-page.js';

/**
 * Issue 21: findFirmList's text, written by PostgreSQL, must be byte for byte what the object path
 * (presentCompany, then the schema's serializer) writes, for every kind of value a row can hold.
 */
let ctx: TestContext;
const schema = envelope(pageSchema(companySchema));
const serialize = fastSerializerCompiler({ schema });

const main: Actor = { userId: 1, groupId: 1, level: 1, notMenus: [] };
const supervisor: Actor = { userId: 2, groupId: 1, level: 2, notMenus: [] };
const staff: Actor = { userId: 3, groupId: 1, level: 3, notMenus: [] };

const AWKWARD = [
  '引号"和反斜杠\\的公司',
  '换行\n制表\t回车\r退格\b换页\f',
  `控制字符${String.fromCharCode(1)}${String.fromCharCode(31)}与删除${String.fromCharCode(127)}`,
  '</script><b>标签</b>',
  '行分隔\u2028段分隔\u2029',
  '表情😀与生僻字𠀀',
  "单引号'与百分号%_",
];

beforeAll(async () => {
  ctx = await createTestContext();
  // A nickname-less user with an 11-digit phone, and one whose phone is not (the masks differ).
  await sql`UPDATE users SET nick_name = NULL WHERE id = 3`.execute(ctx.db);
  const regions = ['310115', '310100', '319999', '310000', '999999', null, '11', '', '210299', "3'1"];
  const industries = ['F', 'C', 'Z', null, 'f'];
  for (let n = 0; n < 30; n++) {
    const name = `${AWKWARD[n % AWKWARD.length]}${n}`;
    await sql`INSERT INTO companies (group_id, taxpayer_name, tax_no, tax_no_warning, region_code, industry_code,
        industry_name, taxpayer_type, accounting_standard, legal_person, contact_name, contact_phone, address, remark,
        invoice_limit_fen, assignee_id, created_by, created_at, updated_at)
      VALUES (1, ${name}, ${`91310115MA1K${String(n).padStart(6, '0')}`}, ${n % 4 ? null : '校验位不符'},
        ${regions[n % regions.length] ?? null}, ${industries[n % industries.length] ?? null},
        ${n % 2 ? `细类"${n}"` : null}, ${n % 3 ? 'general' : null}, ${n % 5 ? 'small_enterprise' : null},
        ${n % 2 ? '法人\\张' : null}, ${n % 3 ? null : '联系人'}, ${n % 2 ? '13800000009' : null},
        ${AWKWARD[(n + 3) % AWKWARD.length] ?? null}, ${n % 6 ? null : '备注\n第二行'},
        ${n % 4 ? 9_007_199_254_740_991 - n : null}, ${[null, 1, 2, 3][n % 4] ?? null}, ${n % 2 ? 3 : 1},
        ${`2026-11-2${n % 9} 0${n % 9}:00:00.${['290000', '000999', '999999', '123456', '5'][n % 5]}+08`},
        now() - make_interval(secs => ${n * 0.001}))`.execute(ctx.db);
  }
});
afterAll(() => ctx.close());

async function both(actor: Actor, filters: Record<string, unknown>, page: { page: number; size: number }) {
  const text = await companyPageJson(ctx.db, actor, filters, page);
  const reference = serialize(ok(await companyList(ctx.db, actor, filters, page)));
  return { text, reference };
}

describe('findFirmList written by PostgreSQL', () => {
  it('is byte for byte the schema serializer’s answer, page by page, for each kind of user', async () => {
    for (const actor of [main, supervisor, staff]) {
      for (const page of [
        { page: 1, size: 20 },
        { page: 2, size: 20 },
        { page: 9, size: 20 },
        { page: 1, size: 100 },
      ]) {
        const { text, reference } = await both(actor, {}, page);
        expect(text).toBe(reference);
        expect(schema.safeParse(JSON.parse(text)).success).toBe(true);
      }
    }
    const all = JSON.parse((await both(main, {}, { page: 1, size: 100 })).text).data;
    expect(all.total).toBeGreaterThanOrEqual(30);
    expect(all.list.some((row: { taxpayerName: string }) => row.taxpayerName.includes('\u2028'))).toBe(true);
  });

  it('is the same answer under every filter', async () => {
    const filters = [
      { keyword: '引号"' },
      { keyword: '%_' },
      { taxpayerName: '表情' },
      { regionCode: '31' },
      { industryCode: 'F' },
      { taxpayerType: 'general' },
      { assigneeId: 2 },
      { keyword: '公司', taxpayerType: 'general', regionCode: '3101' },
    ] as const;
    for (const filter of filters) {
      const { text, reference } = await both(main, filter, { page: 1, size: 20 });
      expect(text).toBe(reference);
    }
  });

  it('the route sends that text as JSON', async () => {
    const token = await ctx.login('13800000001');
    const answer = await ctx.call('GET', '/api/CsbFirmCertification/findFirmList', {
      token,
      query: { page: '1', size: '20' },
    });
    expect(answer.raw.headers['content-type']).toBe('application/json; charset=utf-8');
    const reference = (await both(main, {}, { page: 1, size: 20 })).reference;
    expect(answer.raw.body).toBe(reference);
    expect(Buffer.byteLength(reference)).toBeGreaterThan(1400);
    expect(answer.raw.headers['content-encoding']).toBeUndefined();
    expect(answer.raw.headers.vary).toBe('accept-encoding');
    // With the list cache off (as here), compressed for the one request, as the client accepts.
    const url = '/api/CsbFirmCertification/findFirmList?page=1&size=20';
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      const raw = await ctx.app.inject({ method: 'GET', url, headers: { token, 'accept-encoding': accept } });
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.headers['content-length']).toBe(String(raw.rawPayload.length));
      expect(decode(raw.rawPayload).toString()).toBe(reference);
    }
  });
});
