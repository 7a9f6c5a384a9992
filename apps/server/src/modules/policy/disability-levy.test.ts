import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { latestAudit, staffToken } from '../operator/test-support.js';

let ctx: TestContext;
let main: string;

// 200 staff in 北京市朝阳区 (北京's row, 1.7%), one disabled employee, 2024: 应安排 3.4, 差额 2.4;
// 平均工资 24,000,000.00 ÷ 200 = 120,000.00 ≤ 2 × 100,000.00; 应纳 288,000.00; 0.5% < 1% → 缴 259,200.00.
const input = {
  regionCode: '110105',
  levyYear: 2024,
  employerKind: 'enterprise',
  staffCount: 200,
  disabledCount: 1,
  severeDisabledCount: 0,
  totalWagesFen: 2_400_000_000,
  localAverageWageFen: 10_000_000,
};

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

describe('残保金 calculator API (/canbaojin)', () => {
  it('takes the ratio of the region’s province and shows the working', async () => {
    const answer = await ctx.call('POST', '/api/DisabilityProportion/calculate', { token: main, body: input });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.proportion).toMatchObject({ regionCode: '110000', ratioBp: 170 });
    expect(answer.data.shortfall).toBe('2.4');
    expect(answer.data.grossFen).toBe(28_800_000);
    expect(answer.data.dueFen).toBe(25_920_000);
    expect(answer.data.lines.at(-1).value).toBe('259,200.00元');
  });

  it('falls back to the national floor for a region without its own row', async () => {
    // 1.5%: 应安排 3, 差额 2, 应纳 240,000.00, 缴 90% = 216,000.00.
    const answer = await ctx.call('POST', '/api/DisabilityProportion/calculate', {
      token: main,
      body: { ...input, regionCode: '510104' },
    });
    expect(answer.data.proportion.regionCode).toBe('000000');
    expect(answer.data.dueFen).toBe(21_600_000);
  });

  it('refuses bad input with a Chinese message', async () => {
    const tooMany = await ctx.call('POST', '/api/DisabilityProportion/calculate', {
      token: main,
      body: { ...input, disabledCount: 300 },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.msg).toContain('安排的残疾人人数不能超过在职职工人数');
    const year = await ctx.call('POST', '/api/DisabilityProportion/calculate', {
      token: main,
      body: { ...input, levyYear: 2019 },
    });
    expect(year.status).toBe(400);
    expect(year.msg).toContain('仅支持2020—2027年度');
    const decimals = await ctx.call('POST', '/api/DisabilityProportion/calculate', {
      token: main,
      body: { ...input, staffCount: 87.255 },
    });
    expect(decimals.msg).toContain('最多保留两位小数');
    const anonymous = await ctx.call('POST', '/api/DisabilityProportion/calculate', { body: input });
    expect(anonymous.status).toBe(401);
  });

  it('exports the working as a workbook', async () => {
    const answer = await ctx.call('POST', '/api/DisabilityProportion/export', { token: main, body: input });
    expect(answer.status).toBe(200);
    expect(answer.raw.headers['content-disposition']).toContain(encodeURIComponent('残保金计算过程-2024年度.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('残保金计算过程');
    const rows = sheet?.getSheetValues().filter(Boolean) as unknown[][];
    const due = rows.find((row) => row[1] === '本期应缴费额');
    expect(due?.[3]).toBe('259,200.00元');
    expect(rows.some((row) => String(row[2]).includes('财政部公告2023年第8号'))).toBe(true);
  });

  it('lets a content operator edit a region’s ratio, audited; customers get 403', async () => {
    const content = await staffToken(ctx, ['content']);
    const refused = await ctx.call('POST', '/api/operator/disabilityProportion/save', {
      token: main,
      body: { regionCode: '110000', regionName: '北京市', ratioBp: 150, basis: '测试' },
    });
    expect(refused.status).toBe(403);
    const bad = await ctx.call('POST', '/api/operator/disabilityProportion/save', {
      token: content.token,
      body: { regionCode: '110000', regionName: '北京市', ratioBp: 0, basis: '测试' },
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('比例应大于0');
    const saved = await ctx.call('POST', '/api/operator/disabilityProportion/save', {
      token: content.token,
      body: { regionCode: '110000', regionName: '北京市', ratioBp: 150, basis: '按1.5%核对后更新' },
    });
    expect(saved.code, saved.msg).toBe(0);
    const [audit] = await latestAudit(ctx, 1);
    expect(audit?.target_id).toBe('110000');
    // Now 1.5%: 应安排 3, 差额 2 → 216,000.00.
    const answer = await ctx.call('POST', '/api/DisabilityProportion/calculate', { token: main, body: input });
    expect(answer.data.dueFen).toBe(21_600_000);
    const national = await ctx.call('POST', '/api/operator/disabilityProportion/delete', {
      token: content.token,
      body: { regionCode: '000000' },
    });
    expect(national.msg).toBe('全国默认比例不能删除');
  });
});
