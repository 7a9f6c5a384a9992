import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** A small file shaped like a signed agreement: it starts as a PDF must. */
const SIGNED_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const ACCOUNT_NO = '31050161373600001234';

/** Issue 20: bank-statement billing (IcbcAdsSignedConfig) from the firm's /my card to the 财务 review. */
describe('bank-statement billing', () => {
  it('the main account signs on /my; the 财务 operator reads it and approves; the card shows it in effect', async () => {
    const customer = await openPage(browser);
    const { page } = customer;
    try {
      await signIn(page, '13800000001');
      await page.goto(`${BASE_URL}/my`);
      const card = page.getByTestId('bank-statement-card');
      await card.getByText('尚未签约').waitFor();
      await card.getByRole('button', { name: '签约' }).click();
      const modal = page.getByRole('dialog', { name: '签约' });
      // Nothing is sent without the signed PDF; a short account number is refused in the form.
      assert.equal(await modal.getByRole('button', { name: '提交签约' }).isDisabled(), true);
      await modal.getByLabel('开户银行').fill('上海浦东发展银行上海分行');
      await modal.getByLabel('账户名称').fill('示例财税咨询有限公司');
      await modal.getByLabel('银行账号').fill('1234');
      await modal.getByPlaceholder('开始日期').click();
      await modal.getByPlaceholder('开始日期').fill('2026-12-01');
      await modal.getByPlaceholder('开始日期').press('Enter');
      await modal.getByPlaceholder('结束日期').fill('2027-11-30');
      await modal.getByPlaceholder('结束日期').press('Enter');
      await modal.locator('input[type=file]').setInputFiles({
        name: '银行账单结算协议（签章）.pdf',
        mimeType: 'application/pdf',
        buffer: SIGNED_PDF,
      });
      await modal.getByRole('button', { name: '提交签约' }).click();
      await modal.getByText('银行账号应为8-32位数字').waitFor();
      await modal.getByLabel('银行账号').fill(ACCOUNT_NO);
      await modal.getByRole('button', { name: '提交签约' }).click();
      await page.getByText('已提交，待平台审核').waitFor();
      const row = card.locator('tr', { hasText: '上海浦东发展银行上海分行' });
      await row.getByText('待审核').waitFor();
      // The firm sees its account masked but for the last four digits.
      await row.getByText('**** **** 1234').waitFor();
      assert.equal(await card.getByText(ACCOUNT_NO).count(), 0);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'bank-statement-card');
      await page.setViewportSize({ width: 390, height: 844 });
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'bank-statement-card-390');
      await page.setViewportSize({ width: 1440, height: 900 });
      assert.deepEqual(customer.pageErrors, [], 'before review');

      const operator = await openPage(browser);
      try {
        const op = operator.page;
        await op.goto(`${BASE_URL}/operator/login`);
        await op.getByLabel('手机号').fill('13700000002');
        await op.getByLabel('密码').fill(DEMO_PASSWORD);
        await op
          .getByRole('button', { name: '登 录' })
          .or(op.getByRole('button', { name: '登录' }))
          .click();
        await op.waitForURL((url) => url.pathname.startsWith('/operator') && url.pathname !== '/operator/login');
        await op.goto(`${BASE_URL}/operator/bank-statements`);
        const table = op.getByTestId('bank-statement-review');
        const pending = table.locator('tr', { hasText: ACCOUNT_NO });
        // The operator compares the full account number with the signed PDF.
        await pending.getByText('示例财税咨询有限公司').first().waitFor();
        await pending.getByText('待审核').waitFor();
        await screenshot(op, 'operator-bank-statement-review');
        await pending.getByRole('button', { name: '通过' }).click();
        await op
          .getByRole('dialog')
          .getByRole('button', { name: /确\s*定|OK/ })
          .click();
        await op.getByText('已生效').first().waitFor();
        // Reviewed: it leaves the 待审核 list.
        await table.locator('tr', { hasText: ACCOUNT_NO }).waitFor({ state: 'detached' });
      } finally {
        await operator.close();
      }

      assert.deepEqual(customer.pageErrors, [], 'after review');
      await page.reload();
      await card.locator('tr', { hasText: '上海浦东发展银行上海分行' }).getByText('已生效').waitFor();
      assert.deepEqual(customer.pageErrors, []);
    } finally {
      await customer.close();
    }
  });
});
