import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiData } from '../lib/api.js';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';

const browser = useBrowser();
const DEMO_GROUP = 1;
const DEMO_CLIENT_NAME = '示例科技有限公司';
let operator = '';
let dataPriceAuthBefore = 0;

async function setDataService(value: number) {
  await apiData('/operator/groups/setFlags', { token: operator, body: { groupId: DEMO_GROUP, dataPriceAuth: value } });
}

/** Nothing on the page is wider than the window (tables and charts scroll or shrink inside). */
function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

/** The dark theme of the data view is on (the route's theme). */
async function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const background = getComputedStyle(document.body).backgroundColor.match(/\d+/g)?.map(Number) ?? [255, 255, 255];
    return background.slice(0, 3).reduce((sum, value) => sum + value, 0) < 200;
  });
}

describe('data view: map search, business opportunities and company pages', () => {
  before(async () => {
    const login = await apiData<{ userToken: string }>('/userInfo/login', {
      body: { phone: '13700000001', pwd: DEMO_PASSWORD },
    });
    operator = login.userToken;
    const detail = await apiData<{ flags?: { dataPriceAuth: number }; dataPriceAuth?: number }>(
      `/operator/groups/detail?groupId=${DEMO_GROUP}`,
      { token: operator },
    );
    dataPriceAuthBefore = detail.flags?.dataPriceAuth ?? detail.dataPriceAuth ?? 0;
    await setDataService(1);
  });
  after(async () => {
    await setDataService(dataPriceAuthBefore);
  });

  it('map search: counts on the China map, drill-down to a province and a city, list and export', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/data-view/map-search`);
        await page.getByTestId('opportunity-map-canvas').locator('canvas').first().waitFor();
        const regions = page.getByTestId('region-counts');
        await regions.getByText('广东省').waitFor();
        assert.equal(await isDark(page), true);
        await screenshot(page, `data-view-map-search-${width}`);
        // Drill down through the ranking (the map takes the same click).
        await regions.getByRole('button', { name: '广东省' }).click();
        await page.waitForURL(/areaCode=440000/);
        await regions.getByRole('button', { name: '深圳市' }).click();
        await page.waitForURL(/areaCode=440300/);
        await regions.getByText('南山区').waitFor();
        const list = page.getByTestId('opportunity-list');
        await list.locator('tbody tr').filter({ hasText: '广东省深圳市' }).first().waitFor();
        assert.equal(await fitsWidth(page), true);
        await screenshot(page, `data-view-map-city-${width}`);
        if (width === 1440) {
          const download = page.waitForEvent('download');
          await page.getByTestId('opportunity-export').click();
          const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'taxlens-map-')), 'list.xlsx');
          await (await download).saveAs(file);
          assert.equal(readFileSync(file).subarray(0, 2).toString(), 'PK', 'an xlsx file');
          // The PNG export of the map chart.
          const png = page.waitForEvent('download');
          await page.getByRole('button', { name: /导出 PNG 商机地图/ }).click();
          assert.match((await png).suggestedFilename(), /^商机地图_深圳市\.png$/);
        }
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });

  it('business opportunities: rankings, trends and distributions', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/data-view/business_opportunity`);
        await page.getByTestId('ranking-regions-canvas').locator('canvas').first().waitFor();
        await page.getByTestId('trend-months-canvas').locator('canvas').first().waitFor();
        await page.getByTestId('distribution-capital-canvas').locator('canvas').first().waitFor();
        const total = await page.getByTestId('opportunity-total').textContent();
        assert.match(total ?? '', /\d+/);
        assert.equal(await fitsWidth(page), true);
        await screenshot(page, `data-view-business-opportunity-${width}`);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });

  it('company pages: search, detail, the 15 risk look-ups and abnormal operation', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/data-view/company-search`);
        await page.getByTestId('company-keyword').locator('input').fill('示例科技');
        await page.getByTestId('company-keyword').locator('input').press('Enter');
        await page.getByTestId('company-hit').filter({ hasText: DEMO_CLIENT_NAME }).first().click();
        await page.waitForURL(/\/data-view\/company-detail\?creditCode=/);
        await page.getByTestId('company-profile').getByText('广东省深圳市南山区').waitFor();
        await page.getByTestId('company-risk-tiles').getByText('经营异常').waitFor();
        // clickSearchVolume: the opened company is counted for the firm (once per opening).
        await page
          .getByTestId('company-viewed')
          .getByText(/^\d+ 次（\d+ 人）$/)
          .waitFor();
        assert.equal(await fitsWidth(page), true);
        await screenshot(page, `data-view-company-detail-${width}`);

        await page.getByTestId('company-link-risk').click();
        await page.waitForURL(/\/data-view\/company-risk/);
        const tabs = page.getByTestId('risk-tabs');
        await tabs.getByRole('tab').nth(14).waitFor();
        assert.equal(await tabs.getByRole('tab').count(), 15);
        await page.getByTestId('risk-table-abnormalOperation').waitFor();
        await screenshot(page, `data-view-company-risk-${width}`);

        await page.getByTestId('company-link-abnormal').click();
        await page.waitForURL(/\/data-view\/abnormal/);
        await page.getByTestId('abnormal-persons').waitFor();
        await screenshot(page, `data-view-abnormal-${width}`);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });

  it('the company list and the policy library inside the data view', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/data-view/company-list?areaCode=440305`);
        await page.getByTestId('opportunity-list').locator('tbody tr').filter({ hasText: '南山区' }).first().waitFor();
        await screenshot(page, `data-view-company-list-${width}`);
        await page.goto(`${BASE_URL}/data-view/policy`);
        const hit = page.getByTestId('policy-hit').first();
        await hit.waitFor();
        assert.equal(await isDark(page), true);
        await screenshot(page, `data-view-policy-${width}`);
        await hit.locator('a').first().click();
        await page.waitForURL(/\/data-view\/policy\/detail\?id=/);
        await page.getByTestId('policy-detail').waitFor();
        await screenshot(page, `data-view-policy-detail-${width}`);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });

  it('data services: recommended by the company’s risks, a request submitted and listed', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, '13800000001');
        const code = await page.evaluate(async () => {
          const token = JSON.parse(sessionStorage.getItem('taxlens.session') ?? '{}').token;
          const response = await fetch('/api/CompanyData/search?keyword=示例科技有限公司', { headers: { token } });
          return (await response.json()).data.list[0].creditCode as string;
        });
        await page.goto(`${BASE_URL}/data-view/product?creditCode=${code}`);
        const first = page.getByTestId('product-card').first();
        await first.getByText('推荐：该企业在行政处罚').waitFor();
        assert.equal(await isDark(page), true);
        assert.equal(await fitsWidth(page), true);
        await screenshot(page, `data-view-product-${width}`);
        if (width === 1440) {
          await first.getByRole('button').last().click();
          await page.getByTestId('product-contact-name').fill('张会计');
          await page.getByTestId('product-contact-phone').fill('1381234');
          await page
            .getByRole('dialog')
            .getByRole('button', { name: /提\s?交/ })
            .click();
          await page.getByText('请输入正确的11位手机号').waitFor();
          await page.getByTestId('product-contact-phone').fill('13812345678');
          await page
            .getByRole('dialog')
            .getByRole('button', { name: /提\s?交/ })
            .click();
          await page.getByText('提交成功，客户经理将尽快与您联系').waitFor();
          await page.getByTestId('product-requests').getByText('张会计 13812345678').first().waitFor();
        }
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });
});
