import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiData } from '../lib/api.js';
import {
  BASE_URL,
  DEMO_PASSWORD,
  openPage,
  reloadServiceRight,
  screenshot,
  signIn,
  useBrowser,
} from '../lib/browser.js';
import { apiLogin } from '../lib/companies.js';

const browser = useBrowser();
const MAIN = '13800000001';
const ADMIN = '13700000001';

const setFlags = async (flags: Record<string, unknown>) =>
  apiData('/operator/groups/setFlags', { token: await apiLogin(ADMIN), body: { groupId: 1, ...flags } });

/** Issue 14 (data view, part A): guide pages by dataPriceAuth, monitoring and its history, dark at 1440 and 390. */
describe('data view: guides and monitoring', () => {
  for (const width of [1440, 390]) {
    it(`guide page without the service, then monitoring with it (${width} px)`, async () => {
      await setFlags({ dataPriceAuth: 0, monitorSlots: 3 });
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, MAIN);
        await page.goto(`${BASE_URL}/data-view/monitor`);
        await page.waitForURL(/\/guide-page\/data-view$/);
        await page.getByTestId('guide-data-view').getByText('请联系您的客户经理开通数据服务。').waitFor();
        // The route's dark theme: the page background is dark.
        const background = await page.getByTestId('guide-data-view').evaluate((node) => {
          // The first painted background behind the page.
          for (let at: Element | null = node; at; at = at.parentElement) {
            const color = getComputedStyle(at).backgroundColor;
            if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
          }
          return 'none';
        });
        assert.match(background, /rgb\((\d{1,2}), (\d{1,2}), (\d{1,2})\)/, `dark background, got ${background}`);
        await screenshot(page, `data-view-guide-${width}`);

        await setFlags({ dataPriceAuth: 1 });
        await reloadServiceRight(page, 'dataPriceAuth', 1);
        await page.goto(`${BASE_URL}/data-view/monitor`);
        const monitor = page.getByTestId('data-view-monitor');
        await monitor.waitFor();
        await page.getByTestId('data-view-nav').getByText('监控记录').waitFor();

        // Add one registry company through the picker.
        const token = await apiLogin(MAIN);
        const before = await apiData<{ used: number }>('/DataAnalysisMonitoring/findMonitoringNum', { token });
        await page.getByTestId('monitor-picker').click();
        await page.keyboard.type('示例');
        const option = page.locator('.ant-select-item-option').first();
        await option.waitFor();
        await option.click();
        await page.keyboard.press('Escape');
        await monitor.getByRole('button', { name: '加入监控' }).click();
        await page
          .getByText(/已加入监控 1 家企业|所选企业已在监控中/)
          .first()
          .waitFor();
        const after = await apiData<{ used: number }>('/DataAnalysisMonitoring/findMonitoringNum', { token });
        // The first run adds it; the second picks the same company, already monitored.
        assert.equal(after.used, Math.max(before.used, 1));
        await page.getByTestId('monitor-table').locator('tbody tr.ant-table-row').first().waitFor();
        // 监控商机 (findBusinessOpportunity / List): the card answers for the group, rows or its empty text.
        await page
          .getByTestId('monitor-opportunities')
          .getByText(/家监控企业可提供服务/)
          .waitFor();
        await screenshot(page, `data-view-monitor-${width}`);

        await page.goto(`${BASE_URL}/data-view/monitor/history`);
        await page.getByTestId('data-view-monitor-history').waitFor();
        await page.getByTestId('history-table').waitFor();
        await page.getByTestId('history-chart').waitFor();
        await screenshot(page, `data-view-history-${width}`);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    });
  }
});

/**
 * spec §6: dataPriceAuth 2 (expired) leads to the second guide, 0 to the first. The operator sets
 * "已到期" in the console's group flags (the only way a group gets 2); group 2 is used so group 1's
 * data service, which the other data-view tests switch, is left alone.
 */
describe('data view: the second guide page for an expired service', () => {
  const CUSTOMER = '13900000001';
  const setGroupTwo = async (dataPriceAuth: number) =>
    apiData('/operator/groups/setFlags', { token: await apiLogin(ADMIN), body: { groupId: 2, dataPriceAuth } });

  for (const width of [1440, 390]) {
    it(`the console sets 已到期; the customer lands on guide 2, and on guide 1 when not bought (${width} px)`, async () => {
      const before = await apiData<{ flags: { dataPriceAuth: number } }>('/operator/groups/detail?groupId=2', {
        token: await apiLogin(ADMIN),
      });
      await setGroupTwo(1);
      const operator = await openPage(browser, { width: 1440, height: 900 });
      try {
        const { page } = operator;
        await page.goto(`${BASE_URL}/operator/login`);
        await page.getByLabel('手机号').fill(ADMIN);
        await page.getByLabel('密码').fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: /登\s*录/ }).click();
        await page.waitForURL(/\/operator\/(?!login)/);
        await page.goto(`${BASE_URL}/operator/groups`);
        await page
          .getByRole('row', { name: /演示会计师事务所/ })
          .first()
          .click();
        await page.getByRole('tab', { name: '权限与开关' }).click();
        const choice = page.getByTestId('flag-data-price-auth');
        await choice.getByText('已到期').click();
        await page.getByRole('button', { name: /保\s*存/ }).click();
        await page.getByText('已保存').first().waitFor();
        assert.deepEqual(operator.pageErrors, []);
      } finally {
        await operator.close();
      }
      const after = await apiData<{ flags: { dataPriceAuth: number } }>('/operator/groups/detail?groupId=2', {
        token: await apiLogin(ADMIN),
      });
      assert.equal(after.flags.dataPriceAuth, 2);

      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, CUSTOMER);
        await page.goto(`${BASE_URL}/data-view/monitor`);
        await page.waitForURL(/\/guide-page\/data-view2$/);
        await page.getByTestId('guide-data-view2').getByText('请联系您的客户经理续订数据服务。').waitFor();
        await screenshot(page, `data-view-guide2-${width}`);

        await setGroupTwo(0);
        await reloadServiceRight(page, 'dataPriceAuth', 0);
        await page.goto(`${BASE_URL}/data-view/monitor`);
        await page.waitForURL(/\/guide-page\/data-view$/);
        await page.getByTestId('guide-data-view').getByText('请联系您的客户经理开通数据服务。').waitFor();
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
        await setGroupTwo(before.flags.dataPriceAuth);
      }
    });
  }
});
