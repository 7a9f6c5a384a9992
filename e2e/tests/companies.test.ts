import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';
import { chooseOption, invoiceWorkbook, testCompany, XLSX_TYPE } from '../lib/companies.js';

const browser = useBrowser();

const RUN = Date.now() % 1_000_000;
const company = testCompany('星图科技', RUN);
/** Set by the first test, used by the ones that follow (node:test runs them in order). */
const state: { firmId: number | null } = { firmId: null };

/** Notes the phases the upload shows (data-phase and its text), to check the progress was visible. */
async function recordPhases(page: Page): Promise<void> {
  // A string, not a function: the test's compiler would add helpers the page does not have.
  await page.evaluate(`(() => {
    const seen = [];
    window.e2ePhases = seen;
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('[data-testid="upload-progress"]')) {
        const phase = node.getAttribute('data-phase');
        const text = node.querySelector('[data-testid="upload-text"]')?.textContent ?? '';
        const entry = phase + ':' + text;
        if (phase && seen.at(-1) !== entry) seen.push(entry);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  })()`);
}

async function phasesSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { e2ePhases?: string[] }).e2ePhases ?? []);
}

// Separate suites: the client links live in company-share.test.ts, so each file stays well
// inside the runner's time limit per file.
describe('companies: binding and importing', () => {
  it('binds a company, imports an invoice workbook with progress, and shows the overview', async () => {
    const { page, context, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, '13800000001');
      await page.goto(`${BASE_URL}/company/list`);
      await page.getByTestId('company-list-page').waitFor();
      await page.getByRole('link', { name: '示例科技有限公司' }).waitFor();
      await screenshot(page, 'company-list');
      const [exported] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /导出Excel/ }).click(),
      ]);
      assert.equal(exported.suggestedFilename(), '企业列表.xlsx');

      await page.getByTestId('bind-company').click();
      const dialog = page.getByRole('dialog');
      // A number the group already has is flagged before submitting.
      await dialog.getByLabel('纳税人识别号').fill('91440305MA5TL00030');
      await dialog.getByTestId('already-bound').waitFor();
      await dialog.getByLabel('企业名称').fill(company.name);
      await dialog.getByLabel('纳税人识别号').fill(company.taxNo);
      await dialog.getByTestId('already-bound').waitFor({ state: 'detached' });
      await chooseOption(page, dialog.getByLabel('所属地区'), '深圳市');
      await chooseOption(page, dialog.getByLabel('行业门类'), '制造业');
      await chooseOption(page, dialog.getByLabel('纳税人类型'), '一般纳税人');
      await dialog.getByLabel('单张发票限额').fill('abc');
      await dialog.getByLabel('联系人').click();
      await dialog.getByText('请输入正确的金额（元），最多两位小数').waitFor();
      await dialog.getByLabel('单张发票限额').fill('100000');
      await dialog.getByLabel('联系人').fill('示例会计');
      await screenshot(page, 'company-bind');
      await dialog.getByRole('button', { name: /绑\s*定/ }).click();

      // A new company opens on its import tab.
      await page.waitForURL(/\/company\/firm\?firmId=\d+&tab=import/);
      state.firmId = Number(new URL(page.url()).searchParams.get('firmId'));
      await page.getByTestId('company-name').getByText(company.name).waitFor();
      await page.getByText('100,000.00 元').waitFor();

      // Slow the upload down so its progress is visible, as on a real office connection.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 96 * 1024,
      });
      const workbook = await invoiceWorkbook(company, {
        seed: RUN,
        startMonth: '2025-01',
        months: 6,
        invoiceCount: 360,
      });
      await recordPhases(page);
      await page.locator('[data-testid="import-panel"] input[type="file"]').setInputFiles({
        name: `星图科技_全量发票查询_2025H1.xlsx`,
        mimeType: XLSX_TYPE,
        buffer: workbook.buffer,
      });
      await page.getByTestId('upload-progress').waitFor();
      await page.waitForFunction(() => {
        const text = document.querySelector('[data-testid="upload-text"]')?.textContent ?? '';
        return /正在上传/.test(text) && !/^正在上传 0 B/.test(text);
      });
      await screenshot(page, 'company-import-progress');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      const result = page.getByTestId('import-result');
      await result.waitFor({ timeout: 60_000 });
      assert.equal(await result.getAttribute('data-status'), 'done');
      await result.getByText('导入完成').first().waitFor();
      await result.getByText(workbook.invoiceCount.toLocaleString('zh-CN'), { exact: true }).waitFor();
      const phases = await phasesSeen(page);
      assert.ok(
        phases.some((phase) => phase.startsWith('uploading:正在上传')),
        `phases: ${phases.join(' | ')}`,
      );
      assert.ok(
        phases.some((phase) => phase.startsWith('parsing')),
        `phases: ${phases.join(' | ')}`,
      );
      await page.getByTestId('import-history').getByText('已完成').waitFor();
      await screenshot(page, 'company-import-result');

      await page.getByRole('tab', { name: '数据概览' }).click();
      // The overview counts the invoices that stand (void ones are kept out of the months).
      const shown = page.getByTestId('stat-invoices').locator('.tl-co-stat-value');
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid="stat-invoices"] .tl-co-stat-value')?.textContent ?? ''),
      );
      const counted = Number(((await shown.textContent()) ?? '').replace(/[^\d]/g, ''));
      assert.ok(counted > 0 && counted <= workbook.invoiceCount, `overview shows ${counted} invoices`);
      await page.getByTestId('stat-coverage').getByText('2025-01 至 2025-06').waitFor();
      await page.getByTestId('monthly-chart').locator('svg').first().waitFor();
      await page.waitForTimeout(600);
      await screenshot(page, 'company-overview');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});

describe('companies: figures and deletion', () => {
  it('enters one period of figures by hand, shows it, and deletes it', async () => {
    assert.ok(state.firmId, 'needs the company of the first test');
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, '13800000001');
      await page.goto(`${BASE_URL}/company/firm?firmId=${state.firmId}&tab=figures`);
      const panel = page.getByTestId('figures-panel');
      await panel.getByText('利润表').click();
      await panel.getByRole('button', { name: '手工录入' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByLabel('期间', { exact: true }).fill('2024-13');
      await drawer.getByLabel(/^\d+\s*营业收入$/).fill('1,200,000');
      await drawer.getByLabel(/^\d+\s*净利润$/).fill('12.345');
      await page.getByTestId('figures-save').click();
      await drawer.getByText('请输入正确的金额（元），最多两位小数').waitFor();
      await drawer
        .getByText(/期间格式应为/)
        .first()
        .waitFor();
      await drawer.getByLabel('期间', { exact: true }).fill('2024');
      await drawer.getByLabel(/^\d+\s*净利润$/).fill('86000.5');
      await screenshot(page, 'company-figures-entry');
      await page.getByTestId('figures-save').click();
      await drawer.waitFor({ state: 'hidden' });
      const row = panel.locator('tr').filter({ hasText: '2024年度' });
      await row.getByText('手工录入').waitFor();
      await row.locator('.ant-table-row-expand-icon').click();
      await panel.getByText('1,200,000.00').waitFor();
      await panel.getByText('86,000.50').waitFor();
      await screenshot(page, 'company-figures');
      await row.getByRole('button', { name: /删\s*除/ }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await row.waitFor({ state: 'detached' });
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('deletes a company only after its name is typed', async () => {
    assert.ok(state.firmId, 'needs the company of the first test');
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, '13800000001');
      await page.goto(`${BASE_URL}/company/list?keyword=${encodeURIComponent(company.taxNo)}`);
      const row = page.getByTestId('company-table').locator('tr').filter({ hasText: company.name });
      await row.waitFor();
      await row.getByTestId(`more-${state.firmId}`).click();
      await page.getByRole('menuitem', { name: '删除' }).click();
      const dialog = page.getByRole('dialog');
      const confirm = dialog.getByRole('button', { name: '永久删除' });
      assert.equal(await confirm.isDisabled(), true);
      await dialog.getByRole('textbox').fill('示例');
      assert.equal(await confirm.isDisabled(), true);
      await dialog.getByRole('textbox').fill(company.name);
      await screenshot(page, 'company-delete-confirm');
      await confirm.click();
      await row.waitFor({ state: 'detached' });
      await page.getByText('没有符合条件的企业').waitFor();
      // Its page now says it is gone.
      await page.goto(`${BASE_URL}/company/firm?firmId=${state.firmId}`);
      await page.getByText('企业不存在或已删除').waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
