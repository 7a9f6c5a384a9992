import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';

/**
 * The invoice report's free example (spec SendMsgByReport/findReportPreview): the request page's
 * 示例报告 button opens a whole invoice report on the sample company, marked as an example.
 */
const browser = useBrowser();

describe('invoice report example', () => {
  it('opens from the request page at 1440 and 390', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/ticket`);
        await page.getByTestId('example-report').click();
        await page.waitForURL(/\/risk\/preview\?example=INVOICE/);
        await page.getByTestId('example-notice').waitFor();
        await page.getByTestId('report-cover').getByText('样本科技有限公司', { exact: false }).first().waitFor();
        await screenshot(page, `report-example-invoice-${width}`);
        assert.match((await page.getByTestId('report-cover').textContent()) ?? '', /发票穿透报告/);
        // Risks of the sample company are shown as finding cards.
        await page.locator('.tl-finding').first().waitFor();
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });
});
