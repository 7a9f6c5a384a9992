import { deniedTypeOf, OPPORTUNITY_LIST_LIMIT } from '@taxlens/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { DATA_SERVICE_MESSAGES } from '../dataview/data-service.js';
import { facetIndexOf } from './facet-index.js';

let ctx: TestContext;
let main: string;
const BASE = '/api/DataAnalysisBusinessOpportunity';

/** The same count asked of the registry table directly: what the index must agree with. */
async function countInTable(where: ReturnType<typeof sql>) {
  const result = await sql<{ n: string }>`SELECT count(*) AS n FROM cd_companies c WHERE ${where}`.execute(ctx.db);
  return Number(result.rows[0]?.n);
}

beforeAll(async () => {
  ctx = await createTestContext();
  // The demo group bought the data view (serviceRights.dataPriceAuth 1).
  await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).where('id', '=', 1).execute();
  main = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

describe('business opportunities on the map (/api/DataAnalysisBusinessOpportunity)', () => {
  it('counts the registry by province, then a province’s cities, then a city’s counties', async () => {
    const country = await ctx.call('POST', `${BASE}/search`, { token: main, body: {} });
    expect(country.code, country.msg).toBe(0);
    expect(country.data.total).toBe(await countInTable(sql`true`));
    expect(country.data.areaName).toBe('全国');
    const guangdong = country.data.regions.find((item: { code: string }) => item.code === '440000');
    expect(guangdong).toMatchObject({ name: '广东省', count: await countInTable(sql`c.region_code LIKE '44%'`) });

    const province = await ctx.call('POST', `${BASE}/search`, { token: main, body: { areaCode: '440000' } });
    expect(province.data.level).toBe('province');
    const shenzhen = province.data.regions.find((item: { code: string }) => item.code === '440300');
    expect(shenzhen).toMatchObject({ name: '深圳市', count: await countInTable(sql`c.region_code LIKE '4403%'`) });

    const city = await ctx.call('POST', `${BASE}/search`, { token: main, body: { areaCode: '440300' } });
    expect(city.data.regions[0]).toMatchObject({ code: '440305', name: '南山区' });

    // 直辖市 drill straight to their districts.
    const beijing = await ctx.call('POST', `${BASE}/search`, { token: main, body: { areaCode: '110000' } });
    expect(beijing.data.regions.map((item: { code: string }) => item.code)).toContain('110105');
  });

  it('applies every filter the same way the table would', async () => {
    const body = {
      areaCode: '440000',
      industries: ['I', 'F'],
      registrations: ['normal'],
      taxpayerTypes: ['general'],
      establishedFrom: '2008-01',
      establishedTo: '2020-12',
      capitalMinWan: 200,
      capitalMaxWan: 2000,
    };
    const answer = await ctx.call('POST', `${BASE}/search`, { token: main, body });
    expect(answer.code, answer.msg).toBe(0);
    const expected = await countInTable(sql`c.region_code LIKE '44%' AND left(c.industry_code, 1) IN ('I', 'F')
      AND c.registration = 'normal' AND c.taxpayer_type = 'general'
      AND c.established_on >= '2008-01-01' AND c.established_on < '2021-01-01'
      AND c.registered_capital_fen >= 200000000 AND c.registered_capital_fen < 2000000000`);
    expect(expected).toBeGreaterThan(0);
    expect(answer.data.total).toBe(expected);
    expect(answer.data.list.length).toBe(Math.min(expected, 20));
    for (const row of answer.data.list) {
      expect(row.regionName).toMatch(/^广东省/);
      expect(row.taxpayerTypeText).toBe('一般纳税人');
    }
    // Newest first.
    const dates = answer.data.list.map((row: { establishedOn: string }) => row.establishedOn.slice(0, 7));
    expect(dates).toEqual([...dates].sort().reverse());

    const risky = await ctx.call('POST', `${BASE}/search`, {
      token: main,
      body: { riskKinds: ['abnormal_operation'] },
    });
    expect(risky.data.total).toBe(
      await countInTable(sql`EXISTS (SELECT 1 FROM cd_risks r WHERE r.credit_code = c.credit_code
        AND r.kind = 'abnormal_operation' AND (r.removed_on IS NULL OR r.removed_on > current_date))`),
    );
    expect(risky.data.list[0].riskLabels).toContain('经营异常');
    const clean = await ctx.call('POST', `${BASE}/search`, { token: main, body: { noRisk: true } });
    expect(clean.data.total).toBe(
      await countInTable(sql`NOT EXISTS (SELECT 1 FROM cd_risks r WHERE r.credit_code = c.credit_code
        AND (r.removed_on IS NULL OR r.removed_on > current_date))`),
    );
  });

  it('gives distributions, rankings and trends that add up to the total', async () => {
    const body = { areaCode: '440000' };
    const total = await countInTable(sql`c.region_code LIKE '44%'`);
    const distributions = await ctx.call('POST', `${BASE}/distributions`, { token: main, body });
    expect(distributions.data.total).toBe(total);
    const sum = (items: { count: number }[]) => items.reduce((acc, item) => acc + item.count, 0);
    expect(sum(distributions.data.industries) + distributions.data.industryUnknown).toBe(total);
    expect(sum(distributions.data.registrations)).toBe(total);
    expect(sum(distributions.data.capitalBands)).toBe(total);
    expect(distributions.data.source).toBeTruthy();

    const rankings = await ctx.call('POST', `${BASE}/rankings`, { token: main, body });
    expect(rankings.data.regions[0].rank).toBe(1);
    expect(rankings.data.regions[0].count).toBeGreaterThanOrEqual(rankings.data.regions.at(-1).count);
    expect(sum(rankings.data.industries)).toBeLessThanOrEqual(total);

    const trends = await ctx.call('POST', `${BASE}/trends`, { token: main, body });
    expect(trends.data.months).toHaveLength(24);
    expect(trends.data.years).toHaveLength(10);
    const lastTenYears = await countInTable(
      sql`c.region_code LIKE '44%' AND extract(year FROM c.established_on) >= extract(year FROM current_date) - 9`,
    );
    expect(sum(trends.data.years)).toBe(lastTenYears);
  });

  it('exports the list as Excel', async () => {
    const answer = await ctx.call('POST', `${BASE}/export`, { token: main, body: { areaCode: '440300' } });
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('企业名称');
    expect((sheet?.rowCount ?? 0) - 1).toBe(await countInTable(sql`c.region_code LIKE '4403%'`));
  });

  it('refuses bad filters with a Chinese message', async () => {
    const reversed = await ctx.call('POST', `${BASE}/search`, {
      token: main,
      body: { establishedFrom: '2024-05', establishedTo: '2023-01' },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.msg).toContain('成立时间的开始月份不能晚于结束月份');
    const area = await ctx.call('POST', `${BASE}/search`, { token: main, body: { areaCode: '999999' } });
    expect(area.status).toBe(400);
    expect(area.msg).toBe('地区代码不存在');
    const industry = await ctx.call('POST', `${BASE}/search`, { token: main, body: { industries: ['Z'] } });
    expect(industry.status).toBe(400);
  });

  it('needs monitoringAnalyze (403) and the bought data right (403)', async () => {
    const staff = await createUser(ctx.db, {
      groupId: 1,
      level: 3,
      notMenus: [{ type: deniedTypeOf('monitoringAnalyze'), permission: 'monitoringAnalyze' }],
    });
    const denied = await ctx.call('POST', `${BASE}/search`, { token: await ctx.login(staff.phone), body: {} });
    expect(denied.status).toBe(403);
    expect(denied.msg).toBe('当前用户没有权限，请联系管理员');
    // 演示会计师事务所 has not bought the data view.
    const other = await ctx.login('13900000001');
    for (const call of ['search', 'distributions', 'rankings', 'trends', 'export']) {
      const answer = await ctx.call('POST', `${BASE}/${call}`, { token: other, body: {} });
      expect(answer.status, call).toBe(403);
      expect(answer.msg).toBe(DATA_SERVICE_MESSAGES[0]);
    }
  });
});

describe('a filter that matches too much', () => {
  it('gets counts only: no list, and no export', async () => {
    // Enough registry rows in one county to pass the list limit.
    const dataset = await ctx.db
      .insertInto('cd_datasets')
      .values({
        list_key: 'companies',
        status: 'active',
        file_name: 'bulk.csv',
        file_sha256: 'x',
        source: '测试',
        as_of: '2025-11-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO cd_companies (credit_code, name, status_text, registration, region_code, search_grams, initials, source, as_of, dataset_id)
      SELECT 'T' || lpad(n::text, 17, '0'), '批量测试企业' || n, '存续', 'normal', '330106', ARRAY['批量'], 'plcs', '测试', '2025-11-01', ${dataset.id}
      FROM generate_series(1, ${OPPORTUNITY_LIST_LIMIT + 10}) AS n`.execute(ctx.db);
    facetIndexOf(ctx.db, ctx.url).invalidate();
    const answer = await ctx.call('POST', `${BASE}/search`, { token: main, body: { areaCode: '330000' } });
    expect(answer.data.total).toBeGreaterThan(OPPORTUNITY_LIST_LIMIT);
    expect(answer.data.tooMany).toBe(true);
    expect(answer.data.list).toEqual([]);
    expect(answer.data.message).toContain(`超过 ${OPPORTUNITY_LIST_LIMIT} 家`);
    expect(answer.data.regions[0]).toMatchObject({ code: '330100', name: '杭州市' });
    const exported = await ctx.call('POST', `${BASE}/export`, { token: main, body: { areaCode: '330000' } });
    expect(exported.status).toBe(400);
    expect(exported.msg).toContain('仅显示分布统计');
    // Narrowed to a list again by a filter.
    const narrowed = await ctx.call('POST', `${BASE}/search`, {
      token: main,
      body: { areaCode: '330000', industries: ['I'] },
    });
    expect(narrowed.data.tooMany).toBe(false);
    expect(narrowed.data.list.length).toBeGreaterThan(0);
  });
});
