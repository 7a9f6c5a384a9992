import { encodeGbk } from '@taxlens/engine/fixtures';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/factories.js';
import { createTestContext, multipartBody, type TestContext } from '../../../../test/helpers.js';

let ctx: TestContext;
let operator: string;
let customer: string;
const base = '/api/operator/companyData';

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db, { groupId: null });
  await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', user.id).execute();
  operator = await ctx.login(user.phone);
  customer = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

async function upload(token: string, listKey: string, filename: string, content: Buffer, asOf = '2025-11-20') {
  const body = multipartBody({ listKey, source: '某省税务局公告', asOf }, { filename, content });
  const raw = await ctx.app.inject({
    method: 'POST',
    url: `${base}/import`,
    headers: { token, ...body.headers },
    payload: body.payload,
  });
  const json = raw.json();
  return { status: raw.statusCode, code: json.code, msg: json.msg, data: json.data };
}

const A_LIST = [
  '2024年度纳税信用A级纳税人名单',
  '纳税人识别号,纳税人名称,评价年度',
  '91110108769914581E,导入测试甲有限公司,2024',
  '915301115551499841,导入测试乙有限公司,2024',
].join('\r\n');

const ratingsOf = (code: string) =>
  ctx.db.selectFrom('cd_credit_ratings').select(['year', 'level', 'source']).where('credit_code', '=', code).execute();

describe('operator dataset import', () => {
  it('imports the published A-level list (GBK csv with a title row) as published, and again changes nothing', async () => {
    const first = await upload(operator, 'credit_ratings', 'A级名单.csv', encodeGbk(A_LIST));
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ status: 'imported', rowCount: 2 });
    expect(await ratingsOf('91110108769914581E')).toEqual([{ year: 2024, level: 'A', source: '某省税务局公告' }]);
    const again = await upload(operator, 'credit_ratings', 'A级名单.csv', encodeGbk(A_LIST));
    expect([again.data.status, again.msg]).toEqual(['unchanged', '该文件已导入过，未作改动']);
    // Other years of the list (the demo 2022–2023 ratings) are kept; 2024 is replaced.
    const years = await ctx.db.selectFrom('cd_credit_ratings').select('year').distinct().orderBy('year').execute();
    expect(years.map((row) => row.year)).toEqual([2022, 2023, 2024]);
    const count2024 = await ctx.db
      .selectFrom('cd_credit_ratings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('year', '=', 2024)
      .executeTakeFirstOrThrow();
    expect(Number(count2024.n)).toBe(2);
  });

  it('refuses a file with bad rows whole, with a row error report kept in the history', async () => {
    const before = await ctx.db
      .selectFrom('cd_companies')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const csv = [
      '统一社会信用代码,企业名称,登记状态,成立日期,注册资本（万元）',
      '91110108769914581E,导入测试甲有限公司,存续,2020-01-02,500',
      '12345,导入测试乙有限公司,存续,2020-01-02,500',
      '915301115551499841,导入测试丙有限公司,存续,2020-02-30,五百',
      '91110108769914581E,导入测试甲有限公司,存续,2020-01-02,500',
    ].join('\n');
    const answer = await upload(operator, 'companies', 'registry.csv', Buffer.from(csv, 'utf8'));
    expect(answer.data.status).toBe('rejected');
    expect(answer.msg).toBe('有4处错误，整份文件未导入');
    expect(answer.data.errors).toEqual([
      { row: 3, column: '统一社会信用代码', message: '统一社会信用代码（纳税人识别号）应为15、17、18或20位数字或字母' },
      { row: 4, column: '成立日期', message: '日期“2020-02-30”不存在' },
      { row: 4, column: '注册资本（万元）', message: '金额“五百”不是数字' },
      { row: 5, column: null, message: '与前面的行重复（91110108769914581E）' },
    ]);
    const after = await ctx.db
      .selectFrom('cd_companies')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const history = await ctx.call('GET', `${base}/datasets`, { token: operator, query: { listKey: 'companies' } });
    expect(history.data.list[0]).toMatchObject({ status: 'rejected', fileName: 'registry.csv' });
    expect(history.data.list[0].errorReport.errorCount).toBe(4);
  });

  it('imports an xlsx registry as a new version that replaces the previous one', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('登记信息');
    sheet.addRow(['统一社会信用代码', '企业名称', '法定代表人', '注册资本', '成立日期', '登记状态', '纳税人资格']);
    sheet.addRow([
      '91330681MA7F19UC27',
      '导入测试丁有限公司',
      '钱某',
      '1000万元人民币',
      new Date(Date.UTC(2021, 4, 6)),
      '存续',
      '一般纳税人',
    ]);
    sheet.addRow(['913101150934986600', '导入测试戊有限公司', '孙某', '50', '2019/3/1', '注销', '小规模纳税人']);
    const answer = await upload(operator, 'companies', 'registry.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({ status: 'imported', rowCount: 2 });
    const rows = await ctx.db
      .selectFrom('cd_companies')
      .select(['credit_code', 'registered_capital_fen', 'registration', 'taxpayer_type', 'region_code'])
      .orderBy('credit_code')
      .execute();
    expect(rows).toEqual([
      {
        credit_code: '913101150934986600',
        registered_capital_fen: 50_000_000,
        registration: 'deregistered',
        taxpayer_type: 'small_scale',
        region_code: '310115',
      },
      {
        credit_code: '91330681MA7F19UC27',
        registered_capital_fen: 1_000_000_000,
        registration: 'normal',
        taxpayer_type: 'general',
        region_code: '330681',
      },
    ]);
    // The import leaves the table vacuumed and analysed: no pending list in the name index for every
    // search to scan, fresh statistics for choosing the rarest bigrams.
    const stats = await sql<{ vacuumed: boolean; analysed: boolean }>`
      SELECT last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analysed
      FROM pg_stat_user_tables WHERE relname = 'cd_companies'`.execute(ctx.db);
    expect(stats.rows[0]).toEqual({ vacuumed: true, analysed: true });
    const search = await ctx.call('GET', '/api/CompanyData/search', { token: customer, query: { keyword: 'drcsd' } });
    expect(search.data.list.map((hit: { name: string }) => hit.name)).toEqual(['导入测试丁有限公司']);
    // The as-of date comes back as imported, also on a server east of UTC (the date is not shifted
    // through a local-midnight Date).
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Shanghai';
    const history = await ctx
      .call('GET', `${base}/datasets`, { token: operator, query: { listKey: 'companies' } })
      .finally(() => {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      });
    expect(history.data.list[0].asOf).toBe('2025-11-20');
    expect(history.data.list.map((row: { status: string }) => row.status)).toEqual([
      'active',
      'rejected',
      'superseded',
    ]);
  });

  it('is for platform operators only', async () => {
    const answer = await upload(customer, 'credit_ratings', 'a.csv', Buffer.from(A_LIST));
    expect(answer.status).toBe(403);
    expect((await ctx.call('GET', `${base}/lists`, { token: customer })).status).toBe(403);
  });
});
