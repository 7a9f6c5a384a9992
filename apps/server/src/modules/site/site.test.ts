import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      SITE_FILING_NO: '沪ICP备12345678号-2',
      SITE_SISTER_NAME: '税镜学院',
      SITE_SISTER_URL: 'https://academy.example.com/',
    },
  });
});
afterAll(() => ctx.close());

describe('site presentation', () => {
  it('answers the configured footer without sign-in', async () => {
    const answer = await ctx.call('GET', '/api/system/site');
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toEqual({
      copyright: '© {year} 税镜 TaxLens 版权所有',
      filingNo: '沪ICP备12345678号-2',
      filingUrl: 'https://beian.miit.gov.cn/',
      sisterName: '税镜学院',
      sisterUrl: 'https://academy.example.com/',
    });
  });

  it('stores the header colour per user; the session user carries it', async () => {
    const main = await ctx.login('13800000001');
    const staff = await ctx.login('13800000003');
    const set = await ctx.call('POST', '/api/userInfo/updateHeaderTheme', {
      token: main,
      body: { headerTheme: 'wine' },
    });
    expect(set.code, set.msg).toBe(0);
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: main })).data.headerTheme).toBe('wine');
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: staff })).data.headerTheme).toBe(
      'default',
    );
    const bad = await ctx.call('POST', '/api/userInfo/updateHeaderTheme', {
      token: main,
      body: { headerTheme: '#ff0000' },
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('请选择顶栏颜色');
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: main })).data.headerTheme).toBe('wine');
    expect((await ctx.call('POST', '/api/userInfo/updateHeaderTheme', { body: { headerTheme: 'ink' } })).status).toBe(
      401,
    );
  });
});
