import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, useBrowser } from '../lib/browser.js';

const browser = useBrowser();
const CONTENT = '13700000003';

async function signIn(page: Awaited<ReturnType<typeof openPage>>['page']) {
  await page.goto(`${BASE_URL}/operator/login`);
  await page.getByLabel('手机号').fill(CONTENT);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/operator\/(?!login)/);
}

describe('operator console: data-service catalogue', () => {
  it('内容 adds a service to the catalogue the data view recommends', async () => {
    const { page, close, pageErrors } = await openPage(browser);
    try {
      await signIn(page);
      await page.goto(`${BASE_URL}/operator/data-services`);
      await page.getByTestId('data-services').getByText('经营异常移出辅导').waitFor();
      await page.getByRole('button', { name: '新增服务' }).click();
      const form = page.getByTestId('data-service-form');
      await form.getByLabel('数据服务').fill('印花税专项核查（E2E）');
      await form.getByLabel('副标题').fill('按合同类型核对应税凭证与税目');
      await form.getByLabel('标签').fill('税务合规');
      await form.getByLabel('服务说明').fill('逐类核对购销、借款、租赁等合同的计税依据与适用税目。');
      await form.getByLabel('交付内容').fill('核查表；补缴测算');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      const row = page.getByTestId('data-services').getByRole('row').filter({ hasText: '印花税专项核查（E2E）' });
      await row.waitFor();
      assert.match((await row.textContent()) ?? '', /上架/);
      await screenshot(page, 'operator-data-services-1440');
      await page.getByRole('tab', { name: '需求跟进' }).click();
      await page.getByTestId('data-service-requests').waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('reads at 390 px', async () => {
    const { page, close, pageErrors } = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page);
      await page.goto(`${BASE_URL}/operator/data-services`);
      await page.getByTestId('data-services').getByText('经营异常移出辅导').waitFor();
      await screenshot(page, 'operator-data-services-390');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `page wider than the phone by ${overflow}px`);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
