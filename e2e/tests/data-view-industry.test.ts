import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiData } from '../lib/api.js';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';
import { apiBindCompany, apiImport, apiLogin, invoiceWorkbook, testCompany } from '../lib/companies.js';
import { waitReportDone } from '../lib/reports.js';

const browser = useBrowser();
const MAIN = '13800000001';
const ADMIN = '13700000001';
const RUN = Date.now() % 100_000;
const company = testCompany('行业分析', (RUN + 53) % 100_000);

interface Ranking {
  rows: { code: string; reportedCount: number; highShare: number; benchmark: unknown; followed: boolean }[];
}

/** Issue 14: the industry insight page, dark, with a real report of a 制造业 client, at 1440 and 390 px. */
describe('data view: industry insight', () => {
  it('a manufacturing client with a finished report shows in the ranking, charts, benchmark table and trend', async () => {
    await apiData('/operator/groups/setFlags', {
      token: await apiLogin(ADMIN),
      body: { groupId: 1, dataPriceAuth: 1 },
    });
    const token = await apiLogin(MAIN);
    const firmId = await apiBindCompany(token, company);
    await apiData('/CsbFirmCertification/updateFirm', { token, body: { firmId, industryCode: 'C' } });
    const workbook = await invoiceWorkbook(company, { seed: RUN, startMonth: '2025-01', months: 6, invoiceCount: 120 });
    assert.equal(await apiImport(token, firmId, '全量发票查询_2025H1.xlsx', workbook.buffer), 'done');
    const created = await apiData<{ reportId: number }>('/ReportPool/create', {
      token,
      body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-06' },
    });
    await waitReportDone(token, created.reportId);
    // Start from "not followed" whatever an earlier run left.
    const followed = await apiData<{ code: string; followed: boolean }[]>('/DataAnalysisMonitoring/findIndustryAll', {
      token,
      body: {},
    });
    if (followed.find((row) => row.code === 'C')?.followed) {
      await apiData('/DataAnalysisMonitoring/decreaseIndustry', { token, body: { industryCode: 'C' } });
    }
    const ranking = await apiData<Ranking>('/DataAnalysisMonitoring/findIndustryRiskRanking', { token, body: {} });
    const manufacturing = ranking.rows.find((row) => row.code === 'C');
    assert.ok(manufacturing && manufacturing.reportedCount >= 1, 'the new report counts under 制造业');

    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, MAIN);
        await page.goto(`${BASE_URL}/data-view/industry`);
        const view = page.getByTestId('data-view-industry');
        await view.waitFor();
        const table = page.getByTestId('industry-table');
        const row = table.locator('tr.ant-table-row', { hasText: '制造业' });
        await row.waitFor();
        // Own figure as the API gives it, and the platform cell: a figure or 样本不足, never empty.
        await row
          .getByTestId('high-C')
          .getByText(`${manufacturing.highShare.toFixed(1)}%`)
          .first()
          .waitFor();
        if (!manufacturing.benchmark) await row.getByTestId('benchmark-insufficient').first().waitFor();
        for (const chart of ['industry-ranking-chart', 'industry-benchmark-chart', 'industry-trend-chart']) {
          await page.getByTestId(`${chart}-canvas`).locator('canvas').first().waitFor();
        }
        const background = await view.evaluate((node) => {
          for (let at: Element | null = node; at; at = at.parentElement) {
            const color = getComputedStyle(at).backgroundColor;
            if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
          }
          return 'none';
        });
        assert.match(background, /rgb\((\d{1,2}), (\d{1,2}), (\d{1,2})\)/, `dark background, got ${background}`);
        if (width === 1440) {
          // Follow 制造业 from the table: the tag appears and the trend switches to it.
          await row.getByTestId('follow-C').click();
          await page.getByTestId('followed-C').waitFor();
          await page.getByTestId('industry-trend-select').getByText('制造业').waitFor();
          const [file] = await Promise.all([
            page.waitForEvent('download'),
            page.getByTestId('industry-export').click(),
          ]);
          assert.equal(file.suggestedFilename(), '行业风险排行_近12个月.xlsx');
          const [png] = await Promise.all([
            page.waitForEvent('download'),
            page.getByRole('button', { name: '导出 PNG 行业风险趋势' }).click(),
          ]);
          assert.equal(png.suggestedFilename(), '行业风险趋势.png');
        } else {
          await page.getByTestId('followed-C').waitFor();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 1, `no sideways scrolling of the page at 390 px (${overflow} px)`);
        }
        await page.getByTestId('industry-ranking-chart-canvas').scrollIntoViewIfNeeded();
        await screenshot(page, `data-view-industry-${width}`);
        await row.scrollIntoViewIfNeeded();
        await screenshot(page, `data-view-industry-table-${width}`);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
    const after = await apiData<Ranking>('/DataAnalysisMonitoring/findIndustryRiskRanking', { token, body: {} });
    assert.equal(after.rows.find((row) => row.code === 'C')?.followed, true);
  });
});
