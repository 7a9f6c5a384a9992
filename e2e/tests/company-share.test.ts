import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';
import {
  apiBindCompany,
  apiImport,
  apiLogin,
  brokenInvoiceCsv,
  invoiceWorkbook,
  testCompany,
  XLSX_TYPE,
} from '../lib/companies.js';

const browser = useBrowser();

const RUN = (Date.now() + 500_000) % 1_000_000;
const company = testCompany('云帆贸易', RUN);
/** Set up through the API, then used by the tests in order. */
const state: { firmId: number | null; shareUrl: string | null } = { firmId: null, shareUrl: null };

describe('client share links', () => {
  // A company with six months of invoices, imported the way staff would.
  before(async () => {
    const token = await apiLogin('13800000001');
    state.firmId = await apiBindCompany(token, company);
    const workbook = await invoiceWorkbook(company, { seed: RUN, startMonth: '2025-01', months: 6, invoiceCount: 240 });
    assert.equal(await apiImport(token, state.firmId, '云帆贸易_全量发票查询_2025H1.xlsx', workbook.buffer), 'done');
  });

  it('a client fills in the company and uploads on a phone; the firm sees the link change live', async () => {
    assert.ok(state.firmId, 'needs the company set up before');
    const staff = await openPage(browser);
    const client = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(staff.page, '13800000001');
      await staff.page.goto(`${BASE_URL}/company/bindUser?firmId=${state.firmId}`);
      const form = staff.page.getByTestId('share-create-form');
      await form.getByText(company.name).waitFor();
      await form.getByLabel('备注').fill('2025年度发票');
      await staff.page.getByTestId('share-create').click();
      const details = staff.page.getByTestId('share-link-details');
      await details.waitFor();
      const url = await details.getByTestId('share-url').inputValue();
      assert.match(url, /\/share\/bind\?token=[\w-]{20,}/);
      state.shareUrl = url;
      await staff.page.waitForFunction(
        () => ((document.querySelector('[data-testid="share-qr"]') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
      );
      await details.getByTestId('share-mail').fill('client@example.com');
      await details.getByTestId('share-mail-send').click();
      await staff.page.getByText('已发送到 client@example.com').waitFor();
      await details.getByText('待填写').waitFor();
      await screenshot(staff.page, 'share-link-created');

      // The client: no session, a phone-sized window, the link opened from a chat.
      const { page } = client;
      await page.goto(url.replace(/^https?:\/\/[^/]+/, BASE_URL));
      await page.getByTestId('share-bind-page').waitFor();
      await page.getByTestId('share-group').getByText('示例财税咨询有限公司').waitFor();
      const card = page.getByTestId('share-company');
      await card.getByText(company.name).waitFor();
      await card.getByText(company.taxNo).waitFor();
      await page.getByLabel('联系人').fill('周会计');
      await page.getByLabel('联系电话').fill('1370000');
      await page.getByTestId('share-bind-submit').click();
      await page.getByText('请输入正确的11位手机号').waitFor();
      await page.getByLabel('联系电话').fill('13700001234');
      await page.getByLabel('联系人').click();
      await page.getByText('请输入正确的11位手机号').waitFor({ state: 'detached' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'share-bind-mobile');
      await page.getByTestId('share-bind-submit').click();
      await page.waitForURL(/\/share\/upload\?token=/);
      await page.getByTestId('share-upload-page').waitFor();

      // The firm's page follows without a reload (SHARE_LINK over the socket).
      await details.getByText('已填写信息').waitFor();

      await screenshot(page, 'share-upload-mobile');
      const dropzone = page.locator('.tl-share-drop input[type="file"]');
      // A file with a bad row is refused as a whole, with the client's own error report.
      await dropzone.setInputFiles({
        name: '发票导出_有错误.csv',
        mimeType: 'text/csv',
        buffer: await brokenInvoiceCsv(company, RUN + 7),
      });
      const rejected = page.getByTestId('import-result');
      await rejected.waitFor({ timeout: 60_000 });
      assert.equal(await rejected.getAttribute('data-status'), 'rejected');
      await rejected.getByText('文件有错误，未导入').first().waitFor();
      await rejected.getByText(/1 行存在错误/).waitFor();
      await screenshot(page, 'share-upload-rejected-mobile');
      const [report] = await Promise.all([
        page.waitForEvent('download'),
        rejected.getByTestId('download-report').click(),
      ]);
      assert.equal(report.suggestedFilename(), '错误报告.xlsx');
      await page.getByTestId('share-upload-again').click();

      const second = await invoiceWorkbook(company, {
        seed: RUN + 1,
        startMonth: '2025-09',
        months: 2,
        invoiceCount: 80,
      });
      await dropzone.setInputFiles({
        name: '发票导出_2025年9-10月.xlsx',
        mimeType: XLSX_TYPE,
        buffer: second.buffer,
      });
      const result = page.getByTestId('import-result');
      await result.waitFor({ timeout: 60_000 });
      await result.getByText('上传成功').waitFor();
      await result.getByText(second.invoiceCount.toLocaleString('zh-CN'), { exact: true }).waitFor();
      await screenshot(page, 'share-upload-success-mobile');

      await details.getByText('已上传数据').waitFor();
      await screenshot(staff.page, 'share-link-uploaded');

      // The company page: the client's upload in the history, the link's state, and the new gap.
      await staff.page.goto(`${BASE_URL}/company/firm?firmId=${state.firmId}&tab=import`);
      await staff.page.getByTestId('import-history').getByText('客户上传链接').first().waitFor();
      await staff.page.getByTestId('firm-share-links').getByText('已上传数据').waitFor();
      await staff.page.getByTestId('import-history').scrollIntoViewIfNeeded();
      await screenshot(staff.page, 'company-firm-client-upload');
      await staff.page.getByRole('tab', { name: '数据概览' }).click();
      await staff.page
        .getByTestId('gap-alert')
        .getByText(/2025-07、2025-08/)
        .waitFor();
      await staff.page.getByTestId('monthly-chart').locator('svg').first().waitFor();
      await staff.page.getByTestId('gap-alert').scrollIntoViewIfNeeded();
      await staff.page.evaluate(() => document.querySelector('[data-testid="page-content"]')?.scrollBy(0, 240));
      await staff.page.waitForTimeout(600);
      await screenshot(staff.page, 'company-overview-gap');
      assert.deepEqual(client.pageErrors, []);
      assert.deepEqual(staff.pageErrors, []);
    } finally {
      await client.close();
      await staff.close();
    }
  });

  it('a revoked or unknown link says it has expired and offers nothing to submit', async () => {
    assert.ok(state.shareUrl, 'needs the link of the previous test');
    const staff = await openPage(browser);
    const client = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(staff.page, '13800000001');
      await staff.page.goto(`${BASE_URL}/company/bindUser`);
      const row = staff.page.getByTestId('share-link-table').locator('tr').filter({ hasText: company.name }).first();
      await row.getByRole('button', { name: /撤\s*销/ }).click();
      await staff.page
        .getByRole('dialog')
        .getByRole('button', { name: /撤\s*销/ })
        .click();
      await row.getByText('已撤销').waitFor();

      const { page } = client;
      await page.goto(state.shareUrl.replace(/^https?:\/\/[^/]+/, BASE_URL));
      await page.getByTestId('share-invalid').waitFor();
      await page.getByText('链接已失效').waitFor();
      await page.getByTestId('share-invalid-reason').getByText('链接已被撤销，请联系您的财税顾问重新获取').waitFor();
      assert.equal(await page.locator('form').count(), 0);
      assert.equal(await page.locator('input[type="file"]').count(), 0);
      await screenshot(page, 'share-expired-mobile');

      await page.goto(`${BASE_URL}/share/upload?token=not-a-real-token-000000000`);
      await page.getByTestId('share-invalid-reason').getByText('链接无效，请确认链接完整').waitFor();
      assert.equal(await page.locator('input[type="file"]').count(), 0);
      assert.deepEqual(client.pageErrors, []);
    } finally {
      await client.close();
      await staff.close();
    }
  });
});
