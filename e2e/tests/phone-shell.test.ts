import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiData } from '../lib/api.js';
import { BASE_URL, openPage, screenshot, signIn, type TestPage, useBrowser } from '../lib/browser.js';
import { apiLogin } from '../lib/companies.js';

/**
 * The phone-sized shell (issue 19): at 390 px every main page fits its width (the document and
 * the content box do not scroll sideways; wide tables scroll inside themselves), and the icon
 * menu is a drawer behind the header's menu button.
 */
const browser = useBrowser();
const MAIN_PAGES = [
  '/home',
  '/company/user',
  '/company/list',
  '/company/firm?firmId=1',
  '/company/bindUser',
  '/company/detail',
  '/ticket',
  '/ticket/history',
  '/risk/report',
  '/risk/history',
  '/comprehensive/report',
  '/comprehensive/history',
  '/all-history',
  '/watermark',
  '/ticket/jianwei',
  '/my',
  '/my/number',
  '/number/history',
  '/my/order',
  '/my/ticket',
  '/pay',
  // Pages added since the shell was made phone-sized.
  '/ticket/jianwei/history',
  '/tax',
  '/big-case',
  '/ticket/right',
  '/p-report',
  '/p-report/history',
  '/p-report-list',
];

describe('phone-sized shell at 390 px', () => {
  let phone: TestPage;
  before(async () => {
    phone = await openPage(browser, { width: 390, height: 844 });
    await signIn(phone.page, '13800000001');
  });
  after(() => phone.close());

  it('no main page scrolls sideways', async () => {
    const { page } = phone;
    const wide: string[] = [];
    for (const path of MAIN_PAGES) {
      await page.goto(`${BASE_URL}${path}`);
      await page.getByTestId('page-content').waitFor();
      await page.waitForLoadState('networkidle');
      const sizes = await page.evaluate(() => {
        const content = document.querySelector('[data-testid="page-content"]') as HTMLElement;
        return {
          doc: document.documentElement.scrollWidth,
          view: window.innerWidth,
          content: content.scrollWidth,
          box: content.clientWidth,
        };
      });
      if (sizes.doc > sizes.view || sizes.content > sizes.box) wide.push(`${path} ${JSON.stringify(sizes)}`);
      if (path === '/company/user' || path === '/ticket' || path === '/my') {
        await screenshot(page, `phone${path.replaceAll('/', '-')}`);
      }
    }
    assert.deepEqual(wide, []);
    assert.deepEqual(phone.pageErrors, []);
  });

  it('the icon menu is a drawer: hidden, opened by the header’s menu button, closed by the mask', async () => {
    const { page } = phone;
    await page.goto(`${BASE_URL}/home`);
    const rail = page.getByTestId('icon-menu');
    const offscreen = async () => ((await rail.boundingBox())?.x ?? 0) + ((await rail.boundingBox())?.width ?? 0) <= 0;
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="icon-menu"]')?.getBoundingClientRect();
      return box !== undefined && box.right <= 0;
    });
    assert.equal(await offscreen(), true);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="icon-menu"]')?.getBoundingClientRect();
      return box !== undefined && box.left >= 0;
    });
    await screenshot(page, 'phone-drawer');
    await page.locator('[data-menu-group="company"]').click();
    await page.getByRole('menuitem', { name: '企业列表' }).click();
    await page.waitForURL(`${BASE_URL}/company/list`);
  });

  it('list tables are cards: no header row, one card per row with each value labelled, inside the screen', async () => {
    const { page } = phone;
    // A report of the demo company, so the all-reports list has a row (queued or done).
    await apiData('/ReportPool/create', {
      token: await apiLogin('13800000001'),
      body: { firmId: 1, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-12' },
    });
    for (const [path, label] of [
      ['/all-history', '生成时间 / 创建人'],
      ['/company/list', '企业名称'],
      ['/company/user', '手机号'],
    ] as const) {
      await page.goto(`${BASE_URL}${path}`);
      const row = page.locator('.tl-phone-cards .ant-table-tbody > tr.ant-table-row').first();
      await row.waitFor();
      const card = await row.evaluate((element, wanted) => {
        const cells = [...element.querySelectorAll(':scope > td')];
        const cell = cells.find((td) => td.getAttribute('data-label') === wanted) as HTMLElement | undefined;
        const head = element.closest('table')?.querySelector('thead') as HTMLElement | null;
        return {
          display: getComputedStyle(element).display,
          right: element.getBoundingClientRect().right,
          label: cell ? getComputedStyle(cell, '::before').content : null,
          cellRight: cell?.getBoundingClientRect().right ?? 999,
          headShown: head !== null && head.getBoundingClientRect().height > 0,
        };
      }, label);
      assert.equal(card.display, 'block', path);
      assert.equal(card.headShown, false, path);
      assert.equal(card.label, `"${label}"`, path);
      assert.ok(card.right <= 390 && card.cellRight <= 390, `${path} ${JSON.stringify(card)}`);
    }
    await screenshot(page, 'phone-user-cards');
  });
});
