import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';

/** Issue 12: an expired or revoked share link tells its holder nothing about the firm or the client. */
let ctx: TestContext;
let main: string;
beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string;

describe('a dead share link', () => {
  it('answers only that it is dead: no firm name, company, state or expiry', async () => {
    const created = await ctx.call('POST', '/api/userInfo/generateQrCode', { token: main, body: {} });
    const token = tokenOf(created.data.url);
    const bound = await ctx.call('POST', '/api/CsbFirmCertification/tkBindFirm', {
      body: {
        token,
        taxpayerName: '某某客户有限公司',
        taxNo: '915301115551499841',
        contactName: '某人',
        contactPhone: '13612345678',
      },
    });
    expect(bound.code, bound.msg).toBe(0);
    const live = await ctx.call('GET', '/api/share/info', { query: { token } });
    expect(live.data.groupName).toBe('示例财税咨询有限公司');
    expect(live.data.company).toMatchObject({ taxpayerName: '某某客户有限公司' });

    await ctx.call('POST', '/api/userInfo/revokeShareLink', { token: main, body: { shareId: created.data.shareId } });
    const revoked = await ctx.call('GET', '/api/share/info', { query: { token } });
    expect(revoked.data).toEqual({
      valid: false,
      reason: '链接已被撤销，请联系您的财税顾问重新获取',
      groupName: null,
      state: null,
      company: null,
      expireTime: null,
    });
    expect(JSON.stringify(revoked.raw.json())).not.toMatch(/示例财税|某某客户|915301115551499841/);
  });
});
