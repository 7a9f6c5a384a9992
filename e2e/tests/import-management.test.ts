import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { exportRows, realExport } from '@taxlens/engine/fixtures';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';
import { apiBindCompany, apiImport, apiLogin } from '../lib/companies.js';

const browser = useBrowser();
const state: { firmId: number | null } = { firmId: null };
const company = { name: exportRows.COMPANY.name, taxNo: exportRows.COMPANY.taxNo };

describe('import management', () => {
  // A real-shaped export (special-business sheets, --, 详见销货清单) imported through the API.
  before(async () => {
    const token = await apiLogin('13900000001');
    state.firmId = await apiBindCompany(token, company);
    const bytes = await realExport.realShapedExport();
    assert.equal(await apiImport(token, state.firmId, '全量发票查询_2023-2024.xlsx', bytes), 'done');
  });

  it('shows the timeline and an invoice with its masked ticket, then deletes the import after confirmation', async () => {
    assert.ok(state.firmId, 'needs the company set up before');
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, '13900000001');
      await page.goto(`${BASE_URL}/company/firm?firmId=${state.firmId}`);
      const timeline = page.getByTestId('data-timeline');
      await timeline.getByText('销项发票').waitFor();
      await timeline.getByText('缺 2 个月').waitFor();
      const lookup = page.getByTestId('invoice-lookup');
      await lookup.locator('input').fill(realExport.TRAIN);
      await lookup.locator('input').press('Enter');
      await lookup.getByText('李*').waitFor();
      assert.equal(await lookup.getByText('李四').count(), 0);
      await screenshot(page, 'company-invoice-lookup');

      await page.getByRole('tab', { name: /导入/ }).click();
      const history = page.getByTestId('import-history');
      await history.getByText('已完成').waitFor();
      await history.locator('[data-testid^="delete-import-"]').first().click();
      await page.getByText('删除这次导入？').waitFor();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await page.getByText(`已删除：发票 ${realExport.REAL_SAMPLE.invoiceCount} 张`).waitFor();
      await history.getByText('暂无导入记录').waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
