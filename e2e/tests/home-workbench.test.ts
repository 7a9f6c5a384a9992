import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import pg from 'pg';
import { apiData } from '../lib/api.js';
import { BASE_URL, DEMO_PASSWORD, openPage, openUserPopover, screenshot, signIn, useBrowser } from '../lib/browser.js';

const browser = useBrowser();
const MAIN = '13800000001';

async function apiToken(phone: string): Promise<string> {
  return (await apiData<{ userToken: string }>('/userInfo/login', { body: { phone, pwd: DEMO_PASSWORD } })).userToken;
}

const noSideScroll = (width: number) => async (page: import('playwright-core').Page) =>
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width);

describe('home workbench', () => {
  // The workbench lists the six most recently active clients, and earlier test files bind more clients
  // to the demo firm: the demo client is touched first so it is among them whatever ran before.
  before(async () => {
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    await db.query(`UPDATE companies SET updated_at = now() WHERE taxpayer_name = '示例科技有限公司'`);
    await db.end();
  });
  for (const width of [1440, 390]) {
    it(`shows the firm's clients with their data, recent work and credits at ${width} px`, async () => {
      const { page, pageErrors, close } = await openPage(browser, { width, height: width > 500 ? 900 : 844 });
      try {
        await signIn(page, MAIN);
        const clients = page.getByTestId('home-clients');
        const demo = clients.getByTestId('home-client').filter({ hasText: '示例科技有限公司' });
        await demo.waitFor();
        await demo.getByText('发票 至2025-12').waitFor();
        await demo.getByText(/财报 至2025/).waitFor();
        // Earlier test files import more files: the newest imports are theirs, so any import row will do here.
        await page.getByTestId('home-recent-imports').getByText(/ · /).first().waitFor();
        await page.getByTestId('home-failures').waitFor();
        await page.getByTestId('home-pending-uploads').waitFor();
        assert.match((await page.getByTestId('stat-clients').textContent()) ?? '', /\d+家/);
        // The demo firm has bound a client and imported its data: at most 生成报告 is left to do.
        if ((await page.getByTestId('home-next-steps').count()) > 0) {
          assert.equal((await page.getByTestId('home-next-action').textContent())?.replace(/\s/g, ''), '去生成报告');
        }
        await noSideScroll(width)(page);
        await screenshot(page, `home-workbench-${width}`);
        await demo.getByRole('link', { name: '示例科技有限公司' }).click();
        await page.waitForURL(/\/company\/firm\?firmId=\d+/);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    });
  }

  it('a new staff member without clients sees the first steps; loading and a failed load have their states', async () => {
    const phone = `168${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await apiData<number>('/userInfo/addChildAccount', {
      token: await apiToken(MAIN),
      body: { phone, pwd: DEMO_PASSWORD, level: 3, nickName: '新同事' },
    });
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: width > 500 ? 900 : 844 });
      try {
        await signIn(page, phone);
        const steps = page.getByTestId('home-next-steps');
        await steps.getByText('绑定客户企业').waitFor();
        assert.equal((await page.getByTestId('home-next-action').textContent())?.replace(/\s/g, ''), '去绑定客户');
        await page.getByTestId('home-clients').getByText('还没有客户企业，先绑定一家').waitFor();
        await page.getByTestId('home-recent-reports').getByText('还没有生成过报告').waitFor();
        await noSideScroll(width)(page);
        await screenshot(page, `home-new-firm-${width}`);

        // Loading: the skeleton while the one call is on its way; a failure offers a retry.
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let fail = true;
        await page.route('**/api/home/workbench', async (route) => {
          await held;
          if (fail) await route.fulfill({ status: 502, body: 'bad gateway' });
          else await route.continue();
        });
        await page.reload();
        await page.getByTestId('home-loading').waitFor();
        release();
        await page.getByTestId('load-retry').waitFor();
        fail = false;
        await page.getByTestId('load-retry').click();
        await page.getByTestId('home-next-steps').waitFor();
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });

  it('footer from configuration, header colour saved per user, the IE hint', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, MAIN);
      const footer = page.getByTestId('home-footer');
      await footer
        .getByTestId('footer-copyright')
        .getByText(`© ${new Date().getFullYear()} 税镜 TaxLens 版权所有`)
        .waitFor();
      assert.equal(await footer.getByTestId('footer-filing').textContent(), '京ICP备00000000号-1');
      assert.equal(await footer.getByTestId('footer-sister').getAttribute('href'), 'https://www.chinatax.gov.cn/');

      const header = page.locator('header.tl-header');
      const popover = await openUserPopover(page);
      await popover.getByTestId('header-theme-wine').click();
      await page.waitForFunction(
        () =>
          getComputedStyle(document.querySelector('header.tl-header') as Element).backgroundColor === 'rgb(92, 0, 17)',
      );
      await screenshot(page, 'home-header-theme-wine');
      await page.reload();
      await page.getByTestId('home-greeting').waitFor();
      assert.equal(await header.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(92, 0, 17)');
      // Back to the default, so other tests' screenshots keep the usual header.
      await (await openUserPopover(page)).getByTestId('header-theme-default').click();
      await page.waitForFunction(
        () =>
          getComputedStyle(document.querySelector('header.tl-header') as Element).backgroundColor !== 'rgb(92, 0, 17)',
      );
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }

    const ie = await browser().newContext({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    });
    try {
      const page = await ie.newPage();
      await page.goto(`${BASE_URL}/login`);
      await page.locator('#ie-hint').getByText('推荐使用').waitFor();
      assert.equal(await page.locator('#ie-hint a').getAttribute('href'), 'https://www.google.cn/chrome/');
      const chrome = await browser().newContext();
      const plain = await chrome.newPage();
      await plain.goto(`${BASE_URL}/login`);
      await plain.getByTestId('login-submit').waitFor();
      assert.equal(await plain.locator('#ie-hint').count(), 0);
      await chrome.close();
    } finally {
      await ie.close();
    }
  });

  for (const width of [1440, 390]) {
    it(`staff find the data board where user management would be; /home/detail opens without sign-in, at ${width} px`, async () => {
      const height = width > 500 ? 900 : 844;
      const { page, pageErrors, close } = await openPage(browser, { width, height });
      try {
        await signIn(page, '13800000003');
        await page.goto(`${BASE_URL}/people/use`);
        await page.getByTestId('people-use').waitFor();
        await page.getByTestId('stat-credits').waitFor();
        if (width > 500) {
          await page.locator('[data-menu-group="company"]').click();
          const aside = page.getByTestId('second-aside');
          await aside.getByText('数据看板').waitFor();
          assert.equal(await aside.getByText('用户管理').count(), 0);
        }
        await noSideScroll(width)(page);
        await screenshot(page, `home-people-use-${width}`);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
      const guest = await openPage(browser, { width, height });
      try {
        await guest.page.goto(`${BASE_URL}/home/detail`);
        await guest.page.getByTestId('home-detail').waitFor();
        assert.equal((await guest.page.getByTestId('home-detail-kind').count()) > 3, true);
        assert.equal(await guest.page.locator('header.tl-header').count(), 0);
        await noSideScroll(width)(guest.page);
        await screenshot(guest.page, `home-detail-${width}`);
        await guest.page.getByTestId('home-detail-back').click();
        await guest.page.waitForURL(/\/login/);
        assert.deepEqual(guest.pageErrors, []);
      } finally {
        await guest.close();
      }
    });
  }
});
