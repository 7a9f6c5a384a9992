import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiData, sessionToken } from '../lib/api.js';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';

const browser = useBrowser();
const MAIN = '13800000001';
const OPS = '13700000001';
const RUN = Date.now() % 100_000;
const SERVICE = '司法风险排查报告';
const SERVICE_PRICE_FEN = 68_000;
const OFFER = '社保与公积金代理申报';

async function operatorSignIn(page: Page, phone: string) {
  await page.goto(`${BASE_URL}/operator/login`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/operator\/(?!login)/);
}

/** The page is no wider than the phone. */
async function assertFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `page wider than the phone by ${overflow}px`);
}

/** Issue 15: the product centre and the ecological mall, bought from the balance or asked about. */
describe('product centre and mall', () => {
  let orderNo = '';
  const remark = `约30人参保（E2E ${RUN}）`;

  it('a customer browses, buys a service from the balance and asks about a partner offer', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, MAIN);
      // The price is topped up first in the sandbox cashier, so the demo balance ends where it was.
      const topUp = await apiData<{ cashierUrl: string }>('/Order/unifiedOrder', {
        token: await sessionToken(page),
        body: { amountFen: SERVICE_PRICE_FEN, payMethod: 'sandbox' },
      });
      await page.goto(`${BASE_URL}${topUp.cashierUrl}`);
      await page.getByRole('button', { name: '确认支付' }).click();
      await page.waitForURL(/\/pay\?orderId=\d+/);
      await page.getByTestId('pay-result-paid').waitFor();

      await page.goto(`${BASE_URL}/product-center`);
      await page.getByTestId('shop-recommended').getByText(SERVICE).waitFor();
      await page.getByTestId('shop-labels').getByText('司法风险').click();
      await page.waitForURL(/\/product-center\/list\?label=/);
      const list = page.getByTestId('shop-list');
      await list.getByText(SERVICE).waitFor();
      assert.equal(await list.getByTestId('shop-card').count(), 1);
      await screenshot(page, 'shop-product-list-1440');
      await list.getByText(SERVICE).click();
      await page.waitForURL(/\/product-center\/detail\?id=\d+/);
      await page.getByTestId('shop-detail-title').getByText(SERVICE).waitFor();
      await page.getByText('¥680.00').first().waitFor();

      await page.getByTestId('shop-buy').click();
      const buy = page.getByRole('dialog');
      await buy.getByText('将从您的账户余额中扣除').waitFor();
      await buy.getByRole('button', { name: '确认支付' }).click();
      await buy.getByText('请输入联系人').waitFor();
      await buy.getByTestId('shop-contact-name').fill('王会计');
      await screenshot(page, 'shop-buy-dialog-1440');
      await buy.getByRole('button', { name: '确认支付' }).click();
      await page.getByText('购买成功').waitFor();
      await buy.waitFor({ state: 'detached' });
      const bought = page.getByTestId('shop-mine').locator('.ant-table-row').filter({ hasText: SERVICE }).first();
      await bought.getByText('已提交').waitFor();
      orderNo = (/TM\d{20}/.exec((await bought.textContent()) ?? '') ?? [''])[0];
      assert.ok(orderNo, 'the order number is shown');
      await screenshot(page, 'shop-product-detail-1440');

      await page.goto(`${BASE_URL}/mall1`);
      await page.getByTestId('shop-search').locator('input').fill('公积金');
      await page.getByTestId('shop-search').locator('input').press('Enter');
      await page.waitForURL(/keyword=/);
      await page.getByTestId('shop-list').getByText(OFFER).click();
      await page.waitForURL(/\/mall1\/detail\?id=\d+/);
      await page.getByText('面议').first().waitFor();
      assert.equal(await page.getByTestId('shop-buy').count(), 0, 'an inquiry-only offer has no buy button');
      await page.getByTestId('shop-inquire').click();
      const ask = page.getByRole('dialog');
      await ask.getByTestId('shop-contact-name').fill('李出纳');
      await ask.getByTestId('shop-contact-phone').fill('1371234');
      await ask.getByRole('button', { name: '提交咨询' }).click();
      await ask.getByText('请输入正确的11位手机号').waitFor();
      await ask.getByTestId('shop-contact-phone').fill('13712345678');
      await ask.getByLabel('备注').fill(remark);
      await ask.getByRole('button', { name: '提交咨询' }).click();
      await page.getByText('提交成功，客户经理将尽快与您联系').waitFor();
      await page.getByTestId('shop-mine').locator('.ant-table-row').filter({ hasText: OFFER }).first().waitFor();
      await screenshot(page, 'shop-mall-detail-1440');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('reads at 390 px: product centre, mall and a detail', async () => {
    const { page, pageErrors, close } = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, MAIN);
      await page.goto(`${BASE_URL}/product-center`);
      await page.getByTestId('shop-recommended').getByText(SERVICE).waitFor();
      await assertFits(page);
      await screenshot(page, 'shop-product-center-390');
      await page.goto(`${BASE_URL}/mall1`);
      await page.getByTestId('shop-list').getByTestId('shop-card').first().waitFor();
      await assertFits(page);
      await screenshot(page, 'shop-mall-390');
      await page.goto(`${BASE_URL}/mall1?keyword=${encodeURIComponent('没有这种服务')}`);
      await page.getByTestId('shop-empty').getByText('没有符合条件的商品').waitFor();
      await page.goto(`${BASE_URL}/mall1`);
      await page.getByTestId('shop-list').getByText(OFFER).click();
      await page.getByTestId('shop-detail-title').waitFor();
      await assertFits(page);
      await screenshot(page, 'shop-mall-detail-390');
      await page.goto(`${BASE_URL}/mall1/detail?id=999999`);
      await page.getByText('该商品不存在或已下架').waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it("short of balance: the dialog says so in billing's words and links to the top-up page", async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      // Another demo firm's main account, whose wallet the demo does not fill.
      await signIn(page, '13900000001');
      await page.goto(`${BASE_URL}/product-center/list?label=${encodeURIComponent('税务合规')}`);
      await page.getByTestId('shop-list').getByRole('link', { name: '纳税信用修复' }).click();
      await page.getByTestId('shop-buy').click();
      const buy = page.getByRole('dialog');
      await buy.getByTestId('shop-contact-name').fill('赵会计');
      await buy.getByRole('button', { name: '确认支付' }).click();
      const refusal = buy.getByTestId('shop-refusal');
      await refusal.getByText('余额不足，请充值（购买「纳税信用修复」需 1,800.00 元）').waitFor();
      await refusal.getByRole('link', { name: '去充值' }).click();
      await page.waitForURL(/\/pay$/);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('the operator sees the purchase and the inquiry, follows them up, and takes an item off after confirming', async () => {
    assert.ok(orderNo, 'the purchase did not run');
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await operatorSignIn(page, OPS);
      await page.goto(`${BASE_URL}/operator/data-services`);
      await page.getByTestId('data-services').getByText(OFFER).waitFor();
      await page.getByRole('tab', { name: '需求跟进' }).click();
      const requests = page.getByTestId('data-service-requests');
      const purchase = requests.locator('.ant-table-row').filter({ hasText: orderNo });
      await purchase.waitFor();
      assert.match((await purchase.textContent()) ?? '', /购买.*¥680\.00/);
      const inquiry = requests.locator('.ant-table-row').filter({ hasText: remark });
      await inquiry.getByText('咨询', { exact: true }).waitFor();
      await inquiry.locator('.ant-select').click();
      await page.locator('.ant-select-dropdown:visible').getByText('已联系').click();
      await page.getByText('已保存').waitFor();
      await screenshot(page, 'shop-operator-requests-1440');

      // 退款 asks for a reason and confirmation, then the order reads 已退款.
      await purchase.getByRole('button', { name: /^退\s*款$/ }).click();
      const dialog = page.locator('.ant-modal:visible');
      await dialog.getByText('将向客户余额退回 ¥680.00').waitFor();
      await dialog.getByRole('button', { name: '确认退款' }).click();
      await dialog.getByText('请输入退款原因').waitFor();
      await dialog.getByTestId('refund-reason').fill('客户取消委托');
      await dialog.getByRole('button', { name: '确认退款' }).click();
      await purchase.getByText('已退款').waitFor();
      await purchase.getByText('退款原因：客户取消委托').waitFor();
      assert.equal(await purchase.getByRole('button', { name: /^退\s*款$/ }).count(), 0);

      await page.getByRole('tab', { name: '服务目录' }).click();
      const row = page
        .getByTestId('data-services')
        .locator('.ant-table-row')
        .filter({ hasText: '财务软件与电子发票服务' });
      await row.getByRole('button', { name: '下架' }).click();
      await page.getByText('确认下架「财务软件与电子发票服务」？').waitFor();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await row.getByText('已下架').waitFor();
      await row.getByRole('button', { name: '上架' }).click();
      await row.getByRole('button', { name: '下架' }).waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('the customer sees the follow-up state and the refund', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, MAIN);
      await page.goto(`${BASE_URL}/mall1`);
      const row = page.getByTestId('shop-mine').locator('.ant-table-row').filter({ hasText: OFFER }).first();
      await row.getByText('已联系').waitFor();
      await page.goto(`${BASE_URL}/product-center`);
      const refunded = page.getByTestId('shop-mine').locator('.ant-table-row').filter({ hasText: orderNo });
      await refunded.getByText('已退款').waitFor();
      await refunded.getByText('退款原因：客户取消委托').waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
