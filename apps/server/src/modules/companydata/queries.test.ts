import { fixtureCounterparties, SeededRandom, usccFor } from '@taxlens/engine/fixtures';
import { deniedTypeOf } from '@taxlens/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { companyWithInvoices } from '../../../test/uploads.js';
import { startWorkers } from '../../jobs/boss.js';
import { DEMO_CLIENT, DEMO_DATA_SOURCE } from './seed/demo-company-data.js';

let ctx: TestContext;
let main: string;
let otherMain: string;
let firmId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  await startWorkers({ db: ctx.db, boss: ctx.app.boss, storage: ctx.app.storage, log: () => {} });
  ({ firmId } = await companyWithInvoices(ctx, main, {
    seed: DEMO_CLIENT.invoiceSeed,
    companyTaxNo: usccFor(new SeededRandom(78), '440300'),
    companyName: '示例违规查询测试有限公司',
    invoiceCount: 300,
    months: 6,
    startMonth: '2025-01',
  }));
});
afterAll(() => ctx.close());

describe('region codes (GB/T 2260)', () => {
  it('lists provinces, a province’s cities and a city’s counties, and names a code', async () => {
    const provinces = await ctx.call('GET', '/api/CsbDmGyXzqh/findList', { token: main });
    expect(provinces.data).toContainEqual({ xzqhszDm: '440000', xzqhmc: '广东省', sjxzqhszDm: null, level: 1 });
    const cities = await ctx.call('GET', '/api/XlbakDmXzqh/findCityList', {
      token: main,
      query: { provinceCode: '440000' },
    });
    expect(cities.data.map((item: { xzqhmc: string }) => item.xzqhmc)).toContain('深圳市');
    const areas = await ctx.call('GET', '/api/CsbDmGyXzqh/findList', { token: main, query: { sjxzqhszDm: '440300' } });
    expect(areas.data.map((item: { xzqhszDm: string }) => item.xzqhszDm)).toContain('440305');
    const named = await ctx.call('GET', '/api/XlbakDmXzqh/findByCode', { token: main, query: { code: '440305' } });
    expect(named.data.fullName).toBe('广东省深圳市南山区');
    const bad = await ctx.call('GET', '/api/XlbakDmXzqh/findByCode', { token: main, query: { code: '44' } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('行政区划代码应为6位数字');
  });
});

describe('tax-illegal cases (/big-case)', () => {
  it('searches by province, year and case type, and shows the published fields with the source', async () => {
    const all = await ctx.call('GET', '/api/TaxIllegalCase/findList', { token: main, query: { size: '100' } });
    expect(all.code, all.msg).toBe(0);
    expect(all.data.total).toBeGreaterThanOrEqual(40);
    const first = all.data.list[0];
    const province = first.regionCode.slice(0, 2);
    const year = Number(first.publishedOn.slice(0, 4));
    const filtered = await ctx.call('GET', '/api/TaxIllegalCase/findList', {
      token: main,
      query: { province, year: String(year), caseType: first.caseType, size: '100' },
    });
    expect(filtered.data.list.length).toBeGreaterThan(0);
    for (const row of filtered.data.list) {
      expect(row.regionCode.startsWith(province)).toBe(true);
      expect(row.publishedOn.startsWith(String(year))).toBe(true);
      expect(row.caseType).toBe(first.caseType);
    }
    const byPerson = await ctx.call('GET', '/api/TaxIllegalCase/findList', {
      token: main,
      query: { person: first.personName },
    });
    expect(byPerson.data.list.map((row: { id: string }) => row.id)).toContain(first.id);
    const byCode = await ctx.call('GET', '/api/TaxIllegalCase/findList', {
      token: main,
      query: { keyword: first.creditCode },
    });
    expect(byCode.data.list[0].id).toBe(first.id);
    const detail = await ctx.call('GET', '/api/TaxIllegalCase/findDetails', { token: main, query: { id: first.id } });
    const labels = detail.data.fields.map((field: { label: string }) => field.label);
    expect(labels).toEqual(
      expect.arrayContaining(['纳税人名称', '案件性质', '主要违法事实', '相关法律依据及税务处理处罚情况']),
    );
    expect(detail.data.source).toBe(DEMO_DATA_SOURCE);
    const missing = await ctx.call('GET', '/api/TaxIllegalCase/findDetails', {
      token: main,
      query: { id: '999999999' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('invoice violation query (/ticket/right)', () => {
  const record = (token: string, id = firmId) =>
    ctx.call('GET', '/api/report/findGetOutOfLineInvoiceRecord', { token, query: { firmId: String(id) } });

  it('lists the counterparties that are listed, with amounts, what to do and the source', async () => {
    const answer = await record(main);
    expect(answer.code, answer.msg).toBe(0);
    const parties = fixtureCounterparties(DEMO_CLIENT.invoiceSeed);
    const abnormal = answer.data.list.find((row: { taxNo: string }) => row.taxNo === parties[2]?.taxNo);
    expect(abnormal.problems).toContain('非正常户');
    expect(abnormal.advice.join('')).toContain('国家税务总局公告2019年第38号');
    expect(abnormal.invoiceCount).toBeGreaterThan(0);
    expect(abnormal.source).toBe(DEMO_DATA_SOURCE);
    const major = answer.data.list.find((row: { taxNo: string }) => row.taxNo === parties[5]?.taxNo);
    expect(major.problems).toEqual(expect.arrayContaining(['重大税收违法失信主体', '纳税信用D级（2024年度）']));
    const details = await ctx.call('GET', '/api/report/findGetOutOfLineInvoiceDetails', {
      token: main,
      query: { firmId: String(firmId), taxNo: abnormal.taxNo },
    });
    expect(details.data.invoices).toHaveLength(abnormal.invoiceCount);
    expect(details.data.records.map((item: { label: string }) => item.label)).toContain('非正常户');
  });

  it('answers 404 to another group, 403 without invoiceThrough, and 404 when the switch is 1', async () => {
    expect((await record(otherMain)).status).toBe(404);
    const denied = await createUser(ctx.db, {
      groupId: 1,
      level: 2,
      notMenus: [{ type: deniedTypeOf('invoiceThrough'), permission: 'invoiceThrough' }],
    });
    expect((await record(await ctx.login(denied.phone))).status).toBe(403);
    await ctx.db.updateTable('groups').set({ out_of_line_invoice_switch: '1' }).where('id', '=', 1).execute();
    try {
      expect((await record(main)).status).toBe(404);
    } finally {
      await ctx.db.updateTable('groups').set({ out_of_line_invoice_switch: '0' }).where('id', '=', 1).execute();
    }
  });
});
