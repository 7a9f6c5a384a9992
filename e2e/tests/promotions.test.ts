import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, apiData } from '../lib/api.js';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** Demo console staff and a customer main account (apps/server/src/seed/demo-seed.ts). */
const ADMIN = '13700000001';
const CONTENT = '13700000003';
const CUSTOMER = '13800000001';

async function apiToken(phone: string): Promise<string> {
  return (await apiData<{ userToken: string }>('/userInfo/login', { body: { phone, pwd: DEMO_PASSWORD } })).userToken;
}

async function consoleSignIn(page: Page, phone: string): Promise<void> {
  await page.goto(`${BASE_URL}/operator/login`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/operator\/(?!login)/);
}

/**
 * A banner picture as a designer would hand it over: drawn on the product's sign-in page (which has
 * the Chinese web font) and saved as a 1000 × 560 PNG.
 */
async function drawBanner(file: string, text: string): Promise<void> {
  const { page, close } = await openPage(browser, { width: 1200, height: 700 });
  await page.goto(`${BASE_URL}/login`);
  await page.evaluate((headline) => {
    const art = document.createElement('div');
    art.id = 'art';
    art.style.cssText =
      'position:fixed;left:0;top:0;z-index:9999;width:1000px;height:560px;display:flex;flex-direction:column;' +
      'justify-content:center;padding:0 80px;box-sizing:border-box;color:#fff;font-family:"Noto Sans SC",sans-serif;' +
      'background:linear-gradient(135deg,#0b3d91,#1677ff)';
    art.innerHTML = `<div style="font-size:64px;font-weight:500"></div>
      <div style="font-size:30px;margin-top:24px;opacity:.85">企业所得税汇算清缴前，先做一次税务风险体检</div>`;
    (art.firstElementChild as HTMLElement).textContent = headline;
    document.body.append(art);
  }, text);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.locator('#art').screenshot({ path: file });
  await close();
}

describe('home promotions', () => {
  let tmp: string;
  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'taxlens-promotions-'));
  });
  after(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  for (const width of [1440, 390]) {
    it(`a content operator publishes a banner that a customer then sees, once a day, at ${width} px`, async () => {
      const height = width > 500 ? 900 : 844;
      const title = `汇算清缴体检季 ${width}`;
      const operator = await openPage(browser, { width, height });
      const customer = await openPage(browser, { width, height });
      const content = await apiToken(CONTENT);
      try {
        const file = path.join(tmp, `banner-${width}.png`);
        await drawBanner(file, title);
        await consoleSignIn(operator.page, CONTENT);
        await operator.page.goto(`${BASE_URL}/operator/banners`);
        await operator.page.getByTestId('banner-add').click();
        const form = operator.page.getByTestId('banner-form');
        await form.getByLabel('标题').fill(title);
        await form.locator('input[type=file]').setInputFiles(file);
        await form.getByTestId('promo-image-preview').waitFor();
        await form.getByLabel('跳转链接').fill('/pay');
        await operator.page.getByRole('button', { name: /保\s*存/ }).click();
        const row = operator.page.locator('tr', { hasText: title });
        await row.getByText('进行中').waitFor();
        await screenshot(operator.page, `promotions-console-banners-${width}`);

        await signIn(customer.page, CUSTOMER);
        const dialog = customer.page.getByTestId('promo-image-dialog');
        await dialog.locator(`img[alt="${title}"]`).waitFor();
        assert.equal(
          await dialog.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
          1000,
          'the uploaded picture is served',
        );
        await screenshot(customer.page, `promotions-home-image-${width}`);
        await customer.page.locator('.tl-promo-image-modal').getByRole('button', { name: '关闭' }).click();
        await dialog.waitFor({ state: 'detached' });
        // Closed within the last 24 h: not shown again on the next visit.
        await customer.page.reload();
        await customer.page.getByTestId('home-greeting').waitFor();
        await customer.page.waitForLoadState('networkidle');
        assert.equal(await customer.page.getByTestId('promo-image-dialog').count(), 0);
        assert.deepEqual(operator.pageErrors, []);
        assert.deepEqual(customer.pageErrors, []);
      } finally {
        // Other tests open /home too: the banner must not outlive this one.
        const banners = await apiData<{ id: number; title: string }[]>('/operator/banners/list', { token: content });
        for (const banner of banners.filter((item) => item.title === title)) {
          await apiCall('/operator/banners/delete', { token: content, body: { id: banner.id } });
        }
        await operator.close();
        await customer.close();
      }
    });
  }

  it('the limited-time discount: 8折 with a countdown capped at 30 minutes, the retention dialog, the pay page', async () => {
    const admin = await apiToken(ADMIN);
    // The discount is for firms without the data service; an earlier test file may have switched it on.
    await apiData('/operator/groups/setFlags', { token: admin, body: { groupId: 1, dataPriceAuth: 0 } });
    const discount = await apiData<{ id: number }>('/operator/discounts/save', {
      token: admin,
      body: {
        title: '基础套餐限时8折',
        packageId: 1,
        ratePct: 80,
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        published: true,
      },
    });
    try {
      for (const width of [1440, 390]) {
        const { page, pageErrors, close } = await openPage(browser, { width, height: width > 500 ? 900 : 844 });
        try {
          await page.clock.install();
          await signIn(page, CUSTOMER);
          const dialog = page.getByTestId('promo-discount-dialog');
          await dialog.waitFor();
          assert.equal(await dialog.getByTestId('promo-discount-rate').textContent(), '8折');
          assert.match((await page.getByTestId('promo-countdown').textContent()) ?? '', /00时(30|29)分\d\d秒/);
          await screenshot(page, `promotions-discount-${width}`);
          // The discount ends in three days, the countdown in 30 minutes: then the dialog closes itself.
          await page.clock.fastForward('29:59');
          await dialog.waitFor({ state: 'detached' });
          assert.equal(await page.getByTestId('promo-retention-dialog').count(), 0);

          await page.reload();
          await dialog.waitFor();
          await page.locator('.tl-promo-discount-modal').getByRole('button', { name: '关闭' }).click();
          await page.getByTestId('promo-retention-dialog').waitFor();
          await screenshot(page, `promotions-retention-${width}`);
          await page.getByTestId('promo-retention-more').click();
          await page.waitForURL(/\/pay\?packageId=1/);
          const card = page.getByTestId('package-1');
          await card.getByTestId('package-1-discount').getByText('限时8折').waitFor();
          assert.match((await card.textContent()) ?? '', /800\.00/);
          assert.equal(await card.getAttribute('aria-checked'), 'true');
          await screenshot(page, `promotions-pay-discount-${width}`);
          assert.deepEqual(pageErrors, []);
        } finally {
          await close();
        }
      }
      // 放弃优惠 is remembered: the dialog does not come back.
      const { page, close } = await openPage(browser);
      try {
        await signIn(page, CUSTOMER);
        await page.getByTestId('promo-discount-dialog').waitFor();
        await page.locator('.tl-promo-discount-modal').getByRole('button', { name: '关闭' }).click();
        await page.getByTestId('promo-give-up').click();
        await page.getByTestId('promo-retention-dialog').waitFor({ state: 'detached' });
        await page.reload();
        await page.getByTestId('home-greeting').waitFor();
        await page.waitForLoadState('networkidle');
        assert.equal(await page.getByTestId('promo-discount-dialog').count(), 0);
      } finally {
        await close();
      }
    } finally {
      await apiCall('/operator/discounts/delete', { token: admin, body: { id: discount.id } });
    }
  });
});
