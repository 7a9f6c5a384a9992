import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  demoAnnualFigures,
  iitWithholdingSheet,
  officialFormSheet,
  statementExportSheets,
  xlsBuffer,
} from '@taxlens/engine/fixtures';
import type { Page } from 'playwright-core';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';
import { apiBindCompany, apiLogin, testCompany } from '../lib/companies.js';

/**
 * The other files a firm has, uploaded through the company's import tab as a user would: a 金蝶
 * statement export (.xls), the bureau's VAT return (.xls) and a 个税扣缴申报表; a payroll file of
 * another withholder is refused with one sentence; the data timeline then shows each kind's months.
 */

const browser = useBrowser();
const RUN = (Date.now() % 1_000_000) + 7;
const company = testCompany('文件种类', RUN);
const XLS_TYPE = 'application/vnd.ms-excel';

async function uploadAs(page: Page, kind: string, name: string, buffer: Buffer) {
  await page.getByTestId(`kind-${kind}`).click();
  await page.locator('[data-testid="import-panel"] input[type="file"]').setInputFiles({
    name,
    mimeType: XLS_TYPE,
    buffer,
  });
  const result = page.getByTestId('import-result');
  await result.waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => {
      const status = document.querySelector('[data-testid="import-result"]')?.getAttribute('data-status');
      return status === 'done' || status === 'failed' || status === 'rejected';
    },
    undefined,
    { timeout: 60_000 },
  );
  const status = await result.getAttribute('data-status');
  const text = (await result.textContent()) ?? '';
  await page.getByTestId('import-again').click();
  return { status, text };
}

describe('other file kinds through the import tab', () => {
  it('imports a statement export, a VAT return and a 个税 file, refuses another withholder’s, and shows the months', async () => {
    const token = await apiLogin('13800000001');
    const firmId = await apiBindCompany(token, company);
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, '13800000001');
      await page.goto(`${BASE_URL}/company/firm?firmId=${firmId}&tab=import`);
      await page.getByTestId('import-panel').waitFor();
      // The test server has no aggregator: the card says so in one sentence and offers the client link instead.
      const collection = page.getByTestId('collection-card');
      await collection.getByText(/^未配置授权采集服务，请使用文件导入/).waitFor();
      await collection.getByRole('button', { name: /上传链接/ }).waitFor();
      // Nor Chanjet keys: the 畅捷通 card says so (the 畅捷通 export is still imported as a file below).
      await page.getByTestId('chanjet-card').getByText('未配置畅捷通授权，请导入从畅捷通导出的财务报表文件').waitFor();

      const year = demoAnnualFigures(2024, 'small');
      const before = demoAnnualFigures(2023, 'small');
      const statements = xlsBuffer(
        statementExportSheets({
          style: 'kingdee',
          layout: 'small',
          period: '2024-Q1',
          company: company.name,
          taxNo: company.taxNo,
          balanceSheet: { end: year.balanceSheet, yearStart: before.balanceSheet },
          incomeStatement: { current: year.incomeStatement, ytd: year.incomeStatement },
        }),
      );
      const statement = await uploadAs(page, 'statement', '金蝶财务报表2024Q1.xls', statements);
      assert.equal(statement.status, 'done', statement.text);

      const vat = xlsBuffer([
        officialFormSheet('vat_general', {
          company: company.name,
          taxNo: company.taxNo,
          from: '2024-03-01',
          to: '2024-03-31',
          lines: { 1: 50_000_000, 11: 6_500_000, 12: 4_000_000, 24: 2_500_000 },
        }),
      ]);
      const vatReturn = await uploadAs(page, 'return', '增值税申报表2024年3月.xls', vat);
      assert.equal(vatReturn.status, 'done', vatReturn.text);

      const people = [
        { id: '110101199003071234', income: 12000, tax: 210 },
        { id: '110101198805126543', income: 8000, tax: 90 },
      ];
      const payroll = await uploadAs(
        page,
        'payroll',
        '个税扣缴申报2024年3月.xls',
        xlsBuffer([iitWithholdingSheet(company.taxNo, '2024-03', people)]),
      );
      assert.equal(payroll.status, 'done', payroll.text);
      assert.match(payroll.text, /个税扣缴申报 1 个月（2024-03）/);

      const foreign = await uploadAs(
        page,
        'payroll',
        '别家个税.xls',
        xlsBuffer([iitWithholdingSheet('91110108769914581E', '2024-04', people)]),
      );
      assert.equal(foreign.status, 'failed');
      assert.match(foreign.text, /扣缴义务人识别号是 91110108769914581E，不是/);

      const history = page.getByTestId('import-history');
      await history.getByText('金蝶财务报表2024Q1.xls').waitFor();
      await history.getByText('个税扣缴申报2024年3月.xls').waitFor();

      await page.getByRole('tab', { name: '数据概览' }).click();
      const timeline = page.getByTestId('data-timeline');
      await timeline.getByText('资产负债表').waitFor();
      const covered = await timeline.locator('[data-covered="true"]').count();
      // Balance sheet 2023 (its 年初 column) and 2024-Q1: 15; income statement Q1: 3; VAT and 个税 March: 1 each.
      assert.equal(covered, 20);
      await timeline.getByText('15 个月', { exact: true }).waitFor();
      await timeline.getByText('3 个月', { exact: true }).waitFor();
      assert.equal(await timeline.getByText('1 个月', { exact: true }).count(), 2);
      await timeline.getByText('增值税申报表').waitFor();
      await timeline.getByText('个税扣缴').waitFor();
      await timeline.scrollIntoViewIfNeeded();
      await screenshot(page, 'company-file-kinds-timeline');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
