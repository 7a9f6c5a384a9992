import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiData } from '../lib/api.js';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';
import { apiBindCompany, apiImport, apiLogin, invoiceWorkbook, testCompany } from '../lib/companies.js';
import { waitReportDone } from '../lib/reports.js';

const browser = useBrowser();
// The second demo group: the other test files use the first, and a customisation changes every report of a kind.
const MAIN = '13900000001';
const RUN = Date.now() % 100_000;
const company = testCompany('报告定制', RUN);
const TITLE = `年度发票风险体检报告${RUN}`;

/** Issue 20: 报告定制 on /watermark shapes the report view (sections, cover title, contact, rule families). */
describe('report customisation', () => {
  it('the main account leaves a section and a rule family out and sets the cover; the next report follows it', async () => {
    const token = await apiLogin(MAIN);
    const firmId = await apiBindCompany(token, company);
    const workbook = await invoiceWorkbook(company, { seed: RUN, startMonth: '2025-01', months: 6, invoiceCount: 160 });
    assert.equal(await apiImport(token, firmId, '全量发票查询_2025H1.xlsx', workbook.buffer), 'done');
    // The group has no balance: one sandbox top-up, paid at the cashier as a customer would.
    const order = await apiData<{ cashierUrl: string }>('/Order/unifiedOrder', {
      token,
      body: { amountFen: 50_000, payMethod: 'sandbox' },
    });
    const paid = await fetch(`${BASE_URL}${order.cashierUrl}/pay`, { method: 'POST', redirect: 'manual' });
    assert.equal(paid.status, 303);

    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, MAIN);
      await page.goto(`${BASE_URL}/watermark`);
      const card = page.getByTestId('report-custom');
      await card.getByText('使用默认设置').waitFor();
      await card.getByRole('checkbox', { name: '商品' }).uncheck();
      await card.getByRole('checkbox', { name: /^开票时间/ }).uncheck();
      await page.getByTestId('report-custom-title').fill(TITLE);
      await page.getByTestId('report-custom-contact-name').fill('王会计');
      // A malformed phone is refused by the server with its reason, and nothing is saved.
      await page.getByTestId('report-custom-contact-phone').fill('12345');
      await page.getByTestId('report-custom-save').click();
      await page
        .getByText(/请输入正确的手机号或座机号/)
        .first()
        .waitFor();
      await card.getByText('使用默认设置').waitFor();
      await page.getByTestId('report-custom-contact-phone').fill('021-66668888');
      await page.getByTestId('report-custom-save').click();
      await page.getByText('报告定制已保存').waitFor();
      await card.getByText(/上次修改/).waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'report-custom');

      const created = await apiData<{ reportId: number }>('/ReportPool/create', {
        token,
        body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-06' },
      });
      await waitReportDone(token, created.reportId, 60_000);
      await page.goto(`${BASE_URL}/risk/preview?type=INVOICE&id=${created.reportId}`);
      const cover = page.getByTestId('report-cover');
      await cover.getByTestId('report-cover-title').getByText(TITLE).waitFor();
      await cover.getByTestId('report-cover-contact').getByText('王会计 · 021-66668888').waitFor();
      await cover
        .getByTestId('report-cover-excluded')
        .getByText(/开票时间/)
        .waitFor();
      // The section list of the page: 商品 is left out, the others keep their order.
      await page.getByTestId('section-findings').waitFor();
      assert.equal(await page.getByTestId('section-goods').count(), 0);
      assert.match(
        (await page.getByTestId('section-findings').locator('.tl-section-card-title').textContent()) ?? '',
        /^三、风险发现/,
      );
      await screenshot(page, 'report-custom-preview');
      // The print view the PDF is made from: the same cover title, contact and sections.
      await page.goto(`${BASE_URL}/print/report/${created.reportId}`);
      await page.waitForFunction(() => (window as unknown as { __PRINT_READY__?: boolean }).__PRINT_READY__ === true);
      await page.getByTestId('print-cover').getByText(TITLE).waitFor();
      await page.getByTestId('print-contact').getByText('王会计 · 021-66668888').waitFor();
      const contents = (await page.getByTestId('print-contents').textContent()) ?? '';
      assert.ok(contents.includes('风险发现') && !contents.includes('商品'), contents);

      // Back to the defaults: the same report shows every section again (its checks stay as run).
      await page.goto(`${BASE_URL}/watermark`);
      await page.getByRole('button', { name: '恢复默认' }).click();
      await page
        .getByRole('tooltip')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.getByText('已恢复默认').waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
