import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { staffToken } from '../operator/test-support.js';

let ctx: TestContext;
let main: string;
let content: string;

/** A long text written for this test: forty articles, the rare word only in the thirty-seventh. */
function longText(rareAt: number | null): string {
  const lines: string[] = ['为规范示例事项的办理，制定本办法。'];
  const numerals = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
  const numeral = (n: number) =>
    n <= 10
      ? numerals[n - 1]
      : `${n >= 20 ? numerals[Math.floor(n / 10) - 1] : ''}十${n % 10 ? numerals[(n % 10) - 1] : ''}`;
  for (let n = 1; n <= 40; n += 1) {
    const rare = n === rareAt ? '纳税人应当在季度终了后办理蓝莓核定备案，' : '';
    lines.push(
      `第${numeral(n)}条 ${rare}主管税务机关按照本办法第${numeral(n)}项规定审核申请材料，并在规定期限内作出答复。`,
    );
  }
  return lines.join('\n');
}

const doc = (docNo: string, title: string, extra: Record<string, unknown>) => ({
  docNo,
  title,
  issuer: '测试税务局',
  issuedOn: '2024-05-01',
  taxKind: '测试税种',
  status: '有效',
  summary: '测试用文件，由测试编写。',
  source: '测试编写',
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  content = (await staffToken(ctx, ['content'])).token;
});
afterAll(() => ctx.close());

describe('policy library (/policy, /policy2)', () => {
  it('imports a text document split into its articles', async () => {
    const answer = await ctx.call('POST', '/api/operator/policy/import', {
      token: content,
      body: doc('测试公告2024年第1号', '示例事项办理办法', { text: longText(37) }),
    });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.articles).toBe(41);
    const again = await ctx.call('POST', '/api/operator/policy/import', {
      token: content,
      body: doc('测试公告2024年第1号', '示例事项办理办法', { text: longText(null) }),
    });
    expect(again.msg).toBe('该文号与标题的文件已存在');
    const noText = await ctx.call('POST', '/api/operator/policy/import', { token: content, body: doc('x', 'y', {}) });
    expect(noText.status).toBe(400);
    expect(noText.msg).toContain('请提供正文');
    const customer = await ctx.call('POST', '/api/operator/policy/import', {
      token: main,
      body: doc('测试公告2024年第9号', '客户导入', { text: '第一条 内容' }),
    });
    expect(customer.status).toBe(403);
  });

  it('finds a word inside a long article, ranks the title hit first and highlights the excerpt', async () => {
    await ctx.call('POST', '/api/operator/policy/import', {
      token: content,
      body: doc('测试公告2024年第2号', '蓝莓核定备案管理办法', { text: longText(null) }),
    });
    const answer = await ctx.call('GET', '/api/PolicyInfo/findList', { token: main, query: { keyword: '蓝莓核定' } });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.fullText).toBe(true);
    expect(answer.data.list.map((row: { docNo: string }) => row.docNo)).toEqual([
      '测试公告2024年第2号',
      '测试公告2024年第1号',
    ]);
    expect(answer.data).toMatchObject({ total: 2, totalExact: true });
    expect(answer.data.list[0].score).toBeGreaterThan(answer.data.list[1].score);
    const inArticle = answer.data.list[1];
    expect(inArticle.articleHits).toBe(1);
    expect(inArticle.snippet).toContain('第三十七条');
    expect(inArticle.snippet).toContain('蓝莓核定');
    const none = await ctx.call('GET', '/api/PolicyInfo/findList', { token: main, query: { keyword: '莓核蓝' } });
    expect(none.data.total).toBe(0);
    const short = await ctx.call('GET', '/api/PolicyInfo/findList', { token: main, query: { keyword: '莓' } });
    expect(short.status).toBe(400);
    expect(short.msg).toBe('请至少输入2个字的关键词');
  });

  it('filters the demo set by tax kind, status, year and region', async () => {
    const answer = await ctx.call('GET', '/api/PolicyInfo/findList', {
      token: main,
      query: { taxKind: '残保金', status: '失效', year: '2019' },
    });
    expect(answer.data.list.map((row: { docNo: string }) => row.docNo)).toEqual(['财政部公告2019年第98号']);
    await ctx.call('POST', '/api/operator/policy/import', {
      token: content,
      body: doc('深测公告2024年第3号', '深圳示例地方办法', {
        regionCode: '440300',
        text: '第一条 本办法适用于深圳示例事项。',
      }),
    });
    const province = await ctx.call('GET', '/api/PolicyInfo/findList', { token: main, query: { region: '440000' } });
    expect(province.data.list.map((row: { docNo: string }) => row.docNo)).toEqual(['深测公告2024年第3号']);
    const national = await ctx.call('GET', '/api/PolicyInfo/findList', {
      token: main,
      query: { region: '000000', keyword: '深圳示例' },
    });
    expect(national.data.total).toBe(0);
    const badRegion = await ctx.call('GET', '/api/PolicyInfo/findList', { token: main, query: { region: '44' } });
    expect(badRegion.msg).toContain('地区代码应为6位数字');
    // The demo set of migrations 0201, 0263 and 0330: 47 real documents by their metadata.
    const demo = await ctx.db
      .selectFrom('policy_documents')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('source', '!=', '测试编写')
      .executeTakeFirstOrThrow();
    expect(Number(demo.n)).toBe(47);
    // Documents the report rules cite are found by their numbers, so a finding's basis links to them.
    const cited = await ctx.call('GET', '/api/PolicyInfo/findByDocNos', {
      query: { docNos: '国家税务总局公告2019年第38号|财税〔2003〕158号|国税发〔2005〕43号' },
    });
    expect(cited.data.map((row: { docNo: string }) => row.docNo).sort()).toEqual(
      ['国家税务总局公告2019年第38号', '国税发〔2005〕43号', '财税〔2003〕158号'].sort(),
    );
    const deed = await ctx.call('GET', '/api/PolicyInfo/findList', { token: main, query: { taxKind: '契税' } });
    expect(deed.data.list.map((row: { docNo: string }) => row.docNo)).toEqual(['中华人民共和国主席令第五十二号']);
    const bad = await ctx.call('GET', '/api/PolicyInfo/findList', { token: main, query: { status: '作废' } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('状态应为有效、失效或部分失效');
  });

  it('shows the detail with related documents; the articles need taxLawPolicyDatabasePermission 1', async () => {
    const list = await ctx.call('GET', '/api/PolicyInfo/findList', { token: main, query: { keyword: '36号' } });
    const id = list.data.list[0].id;
    const detail = await ctx.call('GET', '/api/PolicyInfo/findDetail', { token: main, query: { id: String(id) } });
    expect(detail.data.docNo).toBe('财税〔2016〕36号');
    expect(detail.data.related.length).toBeGreaterThan(0);
    expect(detail.data.related.every((row: { taxKind: string }) => row.taxKind === '增值税')).toBe(true);
    const articles = await ctx.call('GET', '/api/PolicyInfo/findArticles', { token: main, query: { id: String(id) } });
    expect(articles.code).toBe(0);

    const group = await ctx.db
      .selectFrom('users')
      .select('group_id')
      .where('phone', '=', '13800000001')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('groups')
      .set({ tax_law_policy_database_permission: 0 })
      .where('id', '=', Number(group.group_id))
      .execute();
    const denied = await ctx.call('GET', '/api/PolicyInfo/findArticles', { token: main, query: { id: String(id) } });
    expect(denied.status).toBe(403);
    expect(denied.msg).toBe('当前用户没有权限，请联系管理员');
    // The basic library searches titles, 文号 and summaries only: the article word is no longer found.
    const basic = await ctx.call('GET', '/api/PolicyInfo/findList', { token: main, query: { keyword: '第三十七条' } });
    expect(basic.data.fullText).toBe(false);
    expect(basic.data.total).toBe(0);
    const byTitle = await ctx.call('GET', '/api/PolicyInfo/findList', { token: main, query: { keyword: '蓝莓核定' } });
    expect(byTitle.data.list.map((row: { docNo: string }) => row.docNo)).toEqual(['测试公告2024年第2号']);
    const missing = await ctx.call('GET', '/api/PolicyInfo/findDetail', { token: main, query: { id: '999999' } });
    expect(missing.status).toBe(404);
  });
  it('finds the documents a report basis cites by 文号 (public: shared reports link them too)', async () => {
    const answer = await ctx.call('GET', '/api/PolicyInfo/findByDocNos', {
      query: { docNos: '财税〔2016〕36号|财税〔2018〕33号|财政部 税务总局公告2023年第19号' },
    });
    expect(answer.code, answer.msg).toBe(0);
    // 财税〔2018〕33号 is cited by a rule but not in the demo library: it stays plain text.
    expect(answer.data.map((row: { docNo: string }) => row.docNo).sort()).toEqual([
      '财政部 税务总局公告2023年第19号',
      '财税〔2016〕36号',
    ]);
  });
});
