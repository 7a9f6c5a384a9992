import { fixtureCounterparties } from '@taxlens/engine/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { DEMO_CLIENT, DEMO_DATA_SOURCE } from './seed/demo-company-data.js';

let ctx: TestContext;
let main: string;

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

const search = (keyword: string, token = main) =>
  ctx.call('GET', '/api/CompanyData/search', { token, query: { keyword } });

describe('company search through the built-in provider', () => {
  it('finds a company by a part of its Chinese name, with source and as-of date', async () => {
    const answer = await search('示例科技有限');
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.provider.id).toBe('builtin');
    const hit = answer.data.list.find((item: { creditCode: string }) => item.creditCode === DEMO_CLIENT.code);
    expect(hit).toMatchObject({ name: DEMO_CLIENT.name, source: DEMO_DATA_SOURCE, asOf: '2025-10-31' });
    // The closest name (the one starting with the query and shortest) comes first.
    expect(answer.data.list[0].name).toBe(DEMO_CLIENT.name);
  });

  it('finds by pinyin initials and by the exact credit code', async () => {
    const initials = await search('slkj');
    expect(initials.data.list.map((item: { name: string }) => item.name)).toContain(DEMO_CLIENT.name);
    const byCode = await search(DEMO_CLIENT.code.toLowerCase());
    expect(byCode.data.list).toHaveLength(1);
    expect(byCode.data.list[0].name).toBe(DEMO_CLIENT.name);
  });

  it('lists names starting with the query before names containing it; % and _ are plain characters', async () => {
    const answer = await search('科技有限');
    const names: string[] = answer.data.list.map((item: { name: string }) => item.name);
    expect(names.length).toBeGreaterThan(0);
    const firstInside = names.findIndex((name) => !name.startsWith('科技有限'));
    expect(names.slice(firstInside).every((name) => !name.startsWith('科技有限'))).toBe(true);
    expect(names.every((name) => name.includes('科技有限'))).toBe(true);
    const prefix = await search('示例');
    expect(prefix.data.list.length).toBe(20);
    expect(prefix.data.list.every((item: { name: string }) => item.name.startsWith('示例'))).toBe(true);
    expect((await search('示例_')).data.list).toEqual([]);
    expect((await search('示%')).data.list).toEqual([]);
  });

  it('covers the demo client company’s invoice counterparties', async () => {
    const party = fixtureCounterparties(DEMO_CLIENT.invoiceSeed)[4];
    const answer = await search(party?.taxNo ?? '');
    expect(answer.data.list[0]?.name).toBe(party?.name);
  });

  it('refuses a one-character query and a malformed code with a clear message', async () => {
    const short = await search('示');
    expect([short.status, short.msg]).toEqual([400, '请至少输入2个字的企业名称、拼音首字母，或完整的统一社会信用代码']);
    const bad = await search('91440305MA5TL003');
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('统一社会信用代码格式不正确');
  });

  it('answers an unknown name with an empty list, and needs a signed-in group user', async () => {
    expect((await search('不存在的公司名称')).data.list).toEqual([]);
    const anonymous = await ctx.call('GET', '/api/CompanyData/search', { query: { keyword: '示例' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('bind-form look-up and the tax-credit query', () => {
  it('findFirm3Elements fills the bind form from the registry; staff without firmManage get 403', async () => {
    const answer = await ctx.call('GET', '/api/CsbFirmCertification/findFirm3Elements', {
      token: main,
      query: { keyword: DEMO_CLIENT.name },
    });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.list[0]).toMatchObject({
      creditCode: DEMO_CLIENT.code,
      industryCode: 'I',
      regionCode: '440305',
    });
    expect(answer.data.list[0].legalRep).toBeTruthy();
    const denied = await createUser(ctx.db, {
      groupId: 1,
      level: 3,
      notMenus: [{ type: 0, permission: 'firmManage' }],
    });
    const refused = await ctx.call('GET', '/api/CsbFirmCertification/findFirm3Elements', {
      token: await ctx.login(denied.phone),
      query: { keyword: DEMO_CLIENT.name },
    });
    expect(refused.status).toBe(403);
  });

  it('peopleCreditGrade lists the A-level years found and what the levels mean', async () => {
    const answer = await ctx.call('GET', '/api/People/peopleCreditGrade', {
      token: main,
      query: { keyword: DEMO_CLIENT.code },
    });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.list[0].aYears).toEqual([2024, 2023, 2022]);
    expect(answer.data.list[0].ratings[0]).toMatchObject({ year: 2024, level: 'A', source: DEMO_DATA_SOURCE });
    expect(answer.data.levels.map((item: { level: string }) => item.level)).toEqual(['A', 'B', 'M', 'C', 'D']);
  });
});
