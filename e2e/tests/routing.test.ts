import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

describe('routing and layout', () => {
  it('an unknown path shows /404, whose button goes home (login when signed out)', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await page.goto(`${BASE_URL}/no/such/page`);
      await page.waitForURL(`${BASE_URL}/404`);
      await page.getByText('页面不存在', { exact: true }).waitFor();
      await screenshot(page, 'not-found');
      await page.getByTestId('back-home').click();
      await page.waitForURL(`${BASE_URL}/login`);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('signed in, / goes home, an unknown path shows /404 and 返回首页 returns', async () => {
    const { page, close } = await openPage(browser);
    try {
      await signIn(page, '13800000001');
      await page.goto(`${BASE_URL}/`);
      await page.waitForURL(`${BASE_URL}/home`);
      await page.goto(`${BASE_URL}/company/unknown`);
      await page.waitForURL(`${BASE_URL}/404`);
      await page.getByTestId('back-home').click();
      await page.waitForURL(`${BASE_URL}/home`);
      // The login page is for guests: a signed-in user is sent home.
      await page.goto(`${BASE_URL}/login`);
      await page.waitForURL(`${BASE_URL}/home`);
    } finally {
      await close();
    }
  });

  it('a page that needs sign-in sends a guest to /login and back after signing in', async () => {
    const { page, close } = await openPage(browser);
    try {
      await page.goto(`${BASE_URL}/home`);
      await page.waitForURL(`${BASE_URL}/login`);
      await signIn(page, '13800000003');
    } finally {
      await close();
    }
  });

  it('the login page loads its own code only, not the main layout or home page', async (t) => {
    const { page, close } = await openPage(browser);
    try {
      const scripts: { url: string; bytes: number; gzip: number }[] = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        scripts.push({ url: new URL(response.url()).pathname, bytes: body.length, gzip: gzipSync(body).length });
      });
      await page.goto(`${BASE_URL}/login`);
      await page.getByTestId('login-form').waitFor();
      await page.waitForLoadState('networkidle');
      const names = scripts.map((script) => script.url);
      assert.ok(!names.some((name) => /MainLayout|HomePage/.test(name)), `login loaded: ${names.join(', ')}`);
      const kib = (bytes: number) => (bytes / 1024).toFixed(0);
      const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
      const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
      t.diagnostic(`login route JavaScript: ${scripts.length} files, ${kib(total)} KiB, ${kib(gzip)} KiB gzip`);
    } finally {
      await close();
    }
  });

  it('the aside collapses with its toggle, and closes under 900 px (mobile)', async () => {
    const { page, close } = await openPage(browser);
    try {
      await signIn(page, '13800000001');
      const aside = page.getByTestId('second-aside');
      assert.equal(await aside.getAttribute('aria-hidden'), 'false');
      await page.getByRole('button', { name: '收起菜单' }).first().click();
      await page.waitForFunction(() => document.querySelector('.tl-main')?.classList.contains('is-aside-collapsed'));
      await page.getByRole('button', { name: '展开菜单' }).click();
      await page.waitForFunction(() => !document.querySelector('.tl-main')?.classList.contains('is-aside-collapsed'));

      await page.setViewportSize({ width: 820, height: 900 });
      await page.waitForFunction(() => document.querySelector('.tl-main')?.classList.contains('is-mobile'));
      assert.equal(await aside.getAttribute('aria-hidden'), 'true');
      await screenshot(page, 'home-mobile');
    } finally {
      await close();
    }
  });

  it('the customer-service entries open the service box', async () => {
    const { page, close } = await openPage(browser);
    try {
      await signIn(page, '13800000001');
      await page.getByRole('button', { name: '在线客服' }).click();
      const card = page.getByTestId('chat-card');
      await card.getByText('服务时间：工作日 9:00-18:00').waitFor();
      await screenshot(page, 'chat-entry');
      await page.locator('[data-header-entry="customer-service"]').click();
      await card.waitFor({ state: 'detached' });
    } finally {
      await close();
    }
  });
});
