import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';

const browser = useBrowser();
const MAIN = '13800000001';
const STAFF = '13800000003';
const LIST = `深圳信用下降${Date.now() % 100_000}`;

async function pick(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option:visible', { hasText: text }).first().click();
}

/** Issue 16: leads — search the company dataset, save a list, work it, assign it, export it, usage detail. */
describe('leads (智能拓客)', () => {
  it('searches by region and risk signal, saves a list, marks, assigns and exports it; staff sees its card', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, MAIN);
      // The 智能拓客 icon group is live (no longer 即将上线) and opens the search.
      const rail = page.getByTestId('icon-menu').locator('[data-menu-group="toker"]');
      assert.equal(await rail.getAttribute('aria-disabled'), null);
      await rail.click();
      await page.waitForURL(/\/toker$/);
      await page
        .getByTestId('toker-plan')
        .getByText(/数据来源：平台企业数据集/)
        .waitFor();

      // No filter: refused before any call.
      await page.getByTestId('toker-submit').click();
      await page.getByText('请至少选择一个筛选条件').first().waitFor();

      await pick(page, 'toker-province', '广东省');
      await pick(page, 'toker-city', '深圳市');
      await page.getByTestId('toker-signals').getByText('纳税信用下降').click();
      await page.getByTestId('toker-submit').click();
      const count = page.getByTestId('toker-result-count');
      await count.waitFor();
      assert.match((await count.textContent()) ?? '', /共 \d+ 家企业/);
      const rows = page.getByTestId('toker-results').locator('.ant-table-row');
      await rows.first().waitFor();
      assert.ok((await rows.count()) > 0);
      // Every result is in Shenzhen and shows the signal asked for.
      const firstText = (await rows.first().textContent()) ?? '';
      assert.match(firstText, /深圳市/);
      assert.match(firstText, /纳税信用下降/);
      await screenshot(page, 'toker-search-1440');

      await rows.nth(0).locator('.ant-checkbox-input').check();
      if ((await rows.count()) > 1) await rows.nth(1).locator('.ant-checkbox-input').check();
      await page.getByRole('button', { name: /存入名单/ }).click();
      await page.getByTestId('toker-list-name').fill(LIST);
      await page.getByRole('button', { name: /确\s*定|OK/ }).click();
      await page.getByText(/已存入名单，新增 \d 家/).waitFor();

      await page.goto(`${BASE_URL}/my/card/list`);
      await page.locator('.ant-table-row', { hasText: LIST }).getByRole('button', { name: '查看' }).click();
      const prospects = page.getByTestId('lead-list-prospects').locator('.ant-table-row');
      await prospects.first().waitFor();
      await prospects.first().locator('.ant-select').first().click();
      await page.locator('.ant-select-item-option:visible', { hasText: '有意向' }).click();
      await page.getByText('已保存').first().waitFor();
      await prospects.first().getByRole('button', { name: '编辑备注' }).click();
      await page.getByTestId('toker-note').fill('法人周三有空，约面谈纳税信用修复');
      await page.getByRole('button', { name: /确\s*定|OK/ }).click();
      await prospects.first().getByText('法人周三有空').waitFor();

      await prospects.first().locator('.ant-checkbox-input').check();
      await page.getByTestId('toker-assign').click();
      await page.locator('.ant-select-item-option:visible', { hasText: '王员工' }).click();
      await prospects.first().getByText('王员工').waitFor();
      await screenshot(page, 'toker-list-1440');

      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '导出 Excel' }).click(),
      ]);
      assert.equal(file.suggestedFilename(), `拓客名单-${LIST}.xlsx`);

      await page.goto(`${BASE_URL}/toker/history`);
      const usage = page.getByTestId('toker-history').locator('.ant-table-row');
      await usage.first().waitFor();
      assert.match((await usage.first().textContent()) ?? '', /导出/);
      assert.match((await page.getByTestId('toker-history').textContent()) ?? '', /风险信号 纳税信用下降/);
      await screenshot(page, 'toker-history-1440');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }

    const phone = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(phone.page, STAFF);
      await phone.page.goto(`${BASE_URL}/my/card`);
      const card = phone.page.getByTestId('my-card').first();
      await card.waitFor();
      assert.match((await card.textContent()) ?? '', /法人周三有空/);
      await screenshot(phone.page, 'toker-card-390');
      await phone.page.goto(`${BASE_URL}/toker`);
      await phone.page.getByTestId('toker-filters').waitFor();
      await screenshot(phone.page, 'toker-search-390');
      assert.deepEqual(phone.pageErrors, []);
    } finally {
      await phone.close();
    }
  });
});
