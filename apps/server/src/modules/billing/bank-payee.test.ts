import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { loadConfig } from '../../config.js';

/** A deployment names its own payee with BANK_PAYEE_*, in place of the seeded demo account. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      BANK_PAYEE_NAME: '真实税镜科技有限公司',
      BANK_PAYEE_ACCOUNT: '6222 0000 1111 2222',
      BANK_PAYEE_BANK: '某某银行上海分行',
    },
  });
});
afterAll(() => ctx.close());

describe('configured bank payee', () => {
  it('a bank-transfer order is paid into the configured account, without the demo notice', async () => {
    const token = await ctx.login('13800000001');
    const answer = await ctx.call('POST', '/api/Order/unifiedOrder', {
      token,
      body: { amountFen: 10_000, payMethod: 'bank_transfer' },
    });
    expect(answer.data.bankTransfer).toEqual({
      accountName: '真实税镜科技有限公司',
      bankName: '某某银行上海分行',
      accountNo: '6222 0000 1111 2222',
      notice: '',
      reference: answer.data.orderNo,
      amountFen: 10_000,
    });
  });

  it('refuses a payee set only in part', () => {
    expect(() => loadConfig({ BANK_PAYEE_NAME: '某公司' })).toThrow('BANK_PAYEE_NAME');
  });
});
