import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { apiData } from '../lib/api.js';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';
import { apiBindCompany, apiImport, apiLogin, invoiceWorkbook, testCompany } from '../lib/companies.js';
import { waitReportDone } from '../lib/reports.js';

const browser = useBrowser();
const MAIN = '13800000001';
const ADMIN = '13700000001';
const RUN = Date.now() % 100_000;
const reported = testCompany('客户分析', (RUN + 53) % 100_000);
const silent = testCompany('未导入', (RUN + 59) % 100_000);

interface Analysis {
  summary: { clients: number; reports: number; staleClients: number };
  byStaff: { name: string }[];
}

const isDark = (color: string) => /^rgb\((\d{1,2}), (\d{1,2}), (\d{1,2})\)$/.test(color);

/** Issue 14: client analysis (/data-view/user), dark, at 1440 and 390 px, with its empty and error states. */
describe('data view: client analysis', () => {
  before(async () => {
    await apiData('/operator/groups/setFlags', {
      token: await apiLogin(ADMIN),
      body: { groupId: 1, dataPriceAuth: 1 },
    });
    // One client with an invoice import and a finished report, one bound and never imported.
    const token = await apiLogin(MAIN);
    const firmId = await apiBindCompany(token, reported);
    const workbook = await invoiceWorkbook(reported, {
      seed: RUN,
      startMonth: '2025-01',
      months: 6,
      invoiceCount: 120,
    });
    assert.equal(await apiImport(token, firmId, '全量发票查询_2025H1.xlsx', workbook.buffer), 'done');
    const created = await apiData<{ reportId: number }>('/ReportPool/create', {
      token,
      body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-06' },
    });
    await waitReportDone(token, created.reportId);
    await apiBindCompany(token, silent);
  });

  for (const width of [1440, 390]) {
    it(`shows the portfolio's charts and tables, exports them (${width} px)`, async () => {
      const token = await apiLogin(MAIN);
      const expected = await apiData<Analysis>('/DataAnalysisMonitoring/findReportRisk', { token, body: {} });
      assert.ok(expected.summary.reports >= 1);
      const { page, pageErrors, close } = await openPage(browser, { width, height: width > 500 ? 900 : 844 });
      try {
        await signIn(page, MAIN);
        await page.goto(`${BASE_URL}/data-view/user`);
        const view = page.getByTestId('data-view-user');
        await view.waitFor();
        const stats = page.getByTestId('client-stats');
        await stats.getByText(String(expected.summary.reports)).first().waitFor();
        assert.match((await stats.textContent()) ?? '', new RegExp(`客户数${expected.summary.clients}`));
        for (const chart of ['risk', 'month', 'kind']) {
          await page.getByTestId(`client-chart-${chart}-canvas`).waitFor();
        }
        const background = await view.evaluate((node) => {
          for (let at: Element | null = node; at; at = at.parentElement) {
            const color = getComputedStyle(at).backgroundColor;
            if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
          }
          return 'none';
        });
        assert.ok(isDark(background), `dark background, got ${background}`);

        await screenshot(page, `data-view-user-${width}`);

        // The never-imported client is in the stale list, found by its name.
        const stale = page.getByTestId('client-stale');
        await stale.getByPlaceholder('企业名称或纳税人识别号').fill(silent.name);
        await stale.getByPlaceholder('企业名称或纳税人识别号').press('Enter');
        await stale.locator('tbody tr.ant-table-row', { hasText: silent.name }).getByText('从未导入').waitFor();
        const staff = page.getByTestId('client-staff');
        await staff
          .getByText(expected.byStaff[0]?.name ?? '-')
          .first()
          .waitFor();

        if (width === 1440) {
          const [excel] = await Promise.all([
            page.waitForEvent('download'),
            page.getByTestId('client-stale-export').click(),
          ]);
          assert.match(excel.suggestedFilename(), /^数据未更新客户_90天_\d{4}-\d{2}-\d{2}\.xlsx$/);
          const [byStaff] = await Promise.all([
            page.waitForEvent('download'),
            page.getByTestId('client-staff-export').click(),
          ]);
          assert.match(byStaff.suggestedFilename(), /^按员工统计_全部报告_\d{4}-\d{2}至\d{4}-\d{2}\.xlsx$/);
          const [png] = await Promise.all([
            page.waitForEvent('download'),
            page.getByRole('button', { name: '导出 PNG 客户风险等级分布' }).click(),
          ]);
          assert.equal(png.suggestedFilename(), '客户风险等级分布.png');
          // Clear the search so the screenshot shows the list as it opens.
          await stale.getByPlaceholder('企业名称或纳税人识别号').fill('');
          await stale.getByPlaceholder('企业名称或纳税人识别号').press('Enter');
        }
        await stale.scrollIntoViewIfNeeded();
        await screenshot(page, `data-view-user-tables-${width}`);
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    });
  }

  it('a staff member without clients is told what to do next; a failed load offers a retry', async () => {
    const phone = `169${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await apiData<number>('/userInfo/addChildAccount', {
      token: await apiLogin(MAIN),
      // The staff preset leaves clientAnalyze out (least rights); this one is granted everything.
      body: { phone, pwd: DEMO_PASSWORD, level: 3, nickName: '新客户经理', notMenus: [] },
    });
    const { page, pageErrors, close } = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, phone);
      // A new staff member has nothing to spend, so the pay reminder of spec §4 may open within 5 s of
      // sign-in and cover the page's buttons on a phone: close it if it comes.
      const payDialog = page.getByTestId('pay-dialog');
      await payDialog
        .waitFor({ timeout: 6_000 })
        .then(() => payDialog.getByRole('button', { name: '关闭' }).click())
        .catch(() => {});
      let fail = true;
      await page.route('**/api/DataAnalysisMonitoring/findReportRisk', async (route) => {
        if (fail)
          await route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"code":500,"msg":"服务暂时不可用","data":null}',
          });
        else await route.continue();
      });
      await page.goto(`${BASE_URL}/data-view/user`);
      const error = page.getByTestId('client-error');
      await error.getByText('客户分析加载失败').waitFor();
      fail = false;
      await page.getByTestId('client-retry').click();
      const empty = page.getByTestId('client-empty');
      await empty.getByText('还没有客户').waitFor();
      await empty.getByRole('link', { name: '添加客户并导入数据' }).waitFor();
      await screenshot(page, 'data-view-user-empty-390');
      await empty.getByRole('link', { name: '添加客户并导入数据' }).click();
      await page.waitForURL(/\/company\/list/);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
