import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiData } from '../lib/api.js';
import { BASE_URL, openPage, reloadServiceRight, screenshot, signIn, useBrowser } from '../lib/browser.js';
import { apiBindCompany, apiImport, apiLogin, invoiceWorkbook, testCompany } from '../lib/companies.js';
import { waitReportDone } from '../lib/reports.js';

const browser = useBrowser();
const MAIN = '13800000001';
const ADMIN = '13700000001';
const RUN = Date.now() % 100_000;
const company = testCompany('思维导图', (RUN + 37) % 100_000);

const setMindService = async (value: 0 | 1) =>
  apiData('/operator/groups/setFlags', { token: await apiLogin(ADMIN), body: { groupId: 1, mindPriceAuth: value } });

/** Issue 16: report mind maps — guide page without the service, generation, the vector viewer, exports. */
describe('report mind maps', () => {
  it('guide page without the service; with it, generate a map, fold it in the viewer, export .xmind', async () => {
    const token = await apiLogin(MAIN);
    const firmId = await apiBindCompany(token, company);
    const workbook = await invoiceWorkbook(company, { seed: RUN, startMonth: '2025-01', months: 6, invoiceCount: 120 });
    assert.equal(await apiImport(token, firmId, '全量发票查询_2025H1.xlsx', workbook.buffer), 'done');
    const created = await apiData<{ reportId: number }>('/ReportPool/create', {
      token,
      body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-06' },
    });
    await waitReportDone(token, created.reportId, 60_000);

    await setMindService(0);
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, MAIN);
      await page.goto(`${BASE_URL}/mind/list`);
      await page.waitForURL(/\/guide-page\/mind-map/);
      await page
        .getByTestId('guide-mind-map')
        .getByText(/尚未开通思维导图服务/)
        .waitFor();
      await screenshot(page, 'mind-guide');

      await setMindService(1);
      await reloadServiceRight(page, 'mindPriceAuth', 1);
      await page.goto(`${BASE_URL}/mind/list`);
      const picker = page.getByTestId('mind-pick-reports');
      await picker.click();
      await page.keyboard.type(company.name);
      await page.locator('.ant-select-item-option', { hasText: company.name }).first().click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '生成思维导图' }).click();
      const row = page.locator('.ant-table-row', { hasText: company.name }).first();
      await row.waitFor();
      await screenshot(page, 'mind-list-1440');

      const [file] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: '导出 XMind' }).click(),
      ]);
      assert.equal(file.suggestedFilename(), `${company.name}-思维导图.xmind`);
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: '导出 PDF' }).click(),
      ]);
      assert.equal(pdf.suggestedFilename(), `${company.name}-思维导图.pdf`);

      await row.getByRole('link', { name: '查看' }).click();
      await page.waitForURL(/\/mind\/view\?id=/);
      const canvas = page.getByTestId('mind-canvas');
      await canvas.waitFor();
      const before = await canvas.locator('g[data-node]').count();
      assert.ok(before > 5, `expected a real tree, got ${before} nodes`);
      // Folding the first section hides its findings and figures.
      await canvas.locator('g[data-node="s0"]').click();
      const after = await canvas.locator('g[data-node]').count();
      assert.ok(after < before, `folding should hide nodes (${before} → ${after})`);
      await canvas.locator('g[data-node="s0"]').click();
      assert.equal(await canvas.locator('g[data-node]').count(), before);
      await page.getByRole('button', { name: '放大' }).click();
      await screenshot(page, 'mind-view-1440');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }

    const phone = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(phone.page, MAIN);
      await phone.page.goto(`${BASE_URL}/mind/list`);
      await phone.page.locator('.ant-table-row', { hasText: company.name }).first().waitFor();
      await screenshot(phone.page, 'mind-list-390');
      await phone.page
        .locator('.ant-table-row', { hasText: company.name })
        .first()
        .getByRole('link', { name: '查看' })
        .click();
      await phone.page.getByTestId('mind-canvas').waitFor();
      await screenshot(phone.page, 'mind-view-390');
      assert.deepEqual(phone.pageErrors, []);
    } finally {
      await phone.close();
      await setMindService(0);
    }
  });
});
