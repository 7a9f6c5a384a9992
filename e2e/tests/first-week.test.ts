import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiData } from '../lib/api.js';
import {
  BASE_URL,
  DEMO_PASSWORD,
  openPage,
  screenshot,
  signIn,
  type TestPage,
  useBrowser,
  waitForRealtime,
} from '../lib/browser.js';
import { apiImport, apiLogin, invoiceWorkbook, testCompany } from '../lib/companies.js';
import { setReportPeriod } from '../lib/reports.js';

/**
 * A firm's first week (issue 19): a staff member created today generates a report at once, under
 * each wallet mode the main account can choose. The demo group is put back in its own mode after.
 */
const browser = useBrowser();
const MAIN = '13800000001';
const serial = Date.now() % 1_000_000;

function freshPhone(): string {
  return `167${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** A new staff member of the demo group, with a company of its own that has a year of invoices. */
async function newStaff(mainToken: string, label: string) {
  const phone = freshPhone();
  const userId = await apiData<number>('/userInfo/addChildAccount', {
    token: mainToken,
    body: { phone, pwd: DEMO_PASSWORD, level: 3, nickName: `新员工${label}` },
  });
  const company = testCompany(`首周${label}`, serial * 10 + label.charCodeAt(0));
  const { firmId } = await apiData<{ firmId: number }>('/CsbFirmCertification/bindFirm', {
    token: mainToken,
    body: { taxpayerName: company.name, taxNo: company.taxNo, regionCode: '440300', assigneeId: userId },
  });
  const workbook = await invoiceWorkbook(company, {
    seed: serial,
    startMonth: '2025-01',
    months: 12,
    invoiceCount: 60,
  });
  assert.equal(await apiImport(mainToken, firmId, `首周${label}_全量发票查询_2025.xlsx`, workbook.buffer), 'done');
  return { phone, userId, firmId, company };
}

/** Opens /ticket for the staff member's company with 2025 chosen. */
async function openTicket(page: Page, firmId: number, companyName: string) {
  await page.goto(`${BASE_URL}/ticket?firmId=${firmId}`);
  await page.locator('.ant-form-item').filter({ hasText: '检测企业' }).getByText(companyName).first().waitFor();
  await page.getByTestId('data-overview').getByText('数据范围').waitFor();
  await setReportPeriod(page, '2025-01', '2025-12');
}

describe('staff on day one', () => {
  let main: TestPage;
  let mainToken: string;
  before(async () => {
    main = await openPage(browser);
    await signIn(main.page, MAIN);
    mainToken = await apiLogin(MAIN);
  });
  after(async () => {
    await apiData('/userInfo/updateWalletSettings', { token: mainToken, body: { walletMode: 'own' } });
    await main.close();
  });

  it('shared wallet: the main account chooses it, and a new staff member’s first report draws on it', async () => {
    const staff = await newStaff(mainToken, 'A');
    const { page } = main;
    await page.goto(`${BASE_URL}/company/user`);
    await page.getByTestId('wallet-mode-shared').click();
    await page.getByText('钱包模式已更新').waitFor();
    const row = page.getByTestId('children-table').locator('tr', { hasText: staff.phone });
    await row.getByText('不限 · 已用 0.00').waitFor();
    // At 1440 px each person's wallet shows without scrolling: not under the fixed 操作 column.
    const table = page.getByTestId('children-table');
    const actionsLeft = (await table.locator('th', { hasText: '操作' }).boundingBox())?.x ?? 0;
    for (const title of ['余额（元）', '报告次数', '本月额度']) {
      const box = await table.locator('th', { hasText: title }).boundingBox();
      assert.ok(box && box.x + box.width <= actionsLeft + 1, `${title} ${JSON.stringify(box)} / ${actionsLeft}`);
    }
    await screenshot(page, 'first-week-users-shared');

    const tab = await openPage(browser);
    try {
      await signIn(tab.page, staff.phone);
      await openTicket(tab.page, staff.firmId, staff.company.name);
      await tab.page
        .getByTestId('report-cost')
        .getByText(/使用团队发票穿透报告次数 1 次|从团队余额扣除/)
        .waitFor();
      await screenshot(tab.page, 'first-week-staff-shared-cost');
      await tab.page.getByTestId('ticket-submit').click();
      await tab.page.getByText('已提交，报告生成中').waitFor();
      assert.equal(await tab.page.getByTestId('insufficient-funds').count(), 0);
      assert.deepEqual(tab.pageErrors, []);
    } finally {
      await tab.close();
    }
  });

  it('own wallets: the refusal names the main account; 划拨 on the user row lets the staff member work', async () => {
    const staff = await newStaff(mainToken, 'B');
    const { page } = main;
    await page.goto(`${BASE_URL}/company/user`);
    await page.getByTestId('wallet-mode-own').click();
    await page.getByText('钱包模式已更新').waitFor();

    const tab = await openPage(browser);
    try {
      await signIn(tab.page, staff.phone);
      await openTicket(tab.page, staff.firmId, staff.company.name);
      // New staff cannot see balances (least rights): the server refuses, saying whom to ask.
      await tab.page.getByTestId('ticket-submit').click();
      const refusal = tab.page.getByTestId('insufficient-funds');
      await refusal.waitFor();
      assert.match((await refusal.textContent()) ?? '', new RegExp(`请联系主账号 张主账号（${MAIN}）为您划拨`));
      // No top-up page for a staff member who may not pay.
      assert.equal(await refusal.getByText('去充值').count(), 0);
      await screenshot(tab.page, 'first-week-staff-own-refused');

      // The main account transfers one invoice-report credit from the user list's row.
      const row = page.getByTestId('children-table').locator('tr', { hasText: staff.phone });
      await row.getByTestId(`child-transfer-${staff.userId}`).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '转给子账号' });
      await dialog.getByText('报告次数', { exact: true }).click();
      await dialog.getByTestId('transfer-type').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '发票穿透' })
        .click();
      await dialog.getByTestId('transfer-count').fill('1');
      await dialog.getByRole('button', { name: /确\s*认/ }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await page.getByText('划拨成功').first().waitFor();
      await row.getByText('1', { exact: true }).first().waitFor();

      await tab.page.reload();
      await openTicket(tab.page, staff.firmId, staff.company.name);
      await tab.page.getByTestId('report-cost').getByText('使用发票穿透报告次数 1 次').waitFor();
      await tab.page.getByTestId('ticket-submit').click();
      await tab.page.getByText('已提交，报告生成中').waitFor();
      assert.deepEqual(tab.pageErrors, []);
    } finally {
      await tab.close();
    }
  });

  it('least rights: a new staff member without companies is told whom to ask; 分配企业 from the user row fixes it', async () => {
    const phone = freshPhone();
    const userId = await apiData<number>('/userInfo/addChildAccount', {
      token: mainToken,
      body: { phone, pwd: DEMO_PASSWORD, level: 3, nickName: '新员工C' },
    });
    const company = testCompany('首周C', serial * 10 + 7);
    await apiData('/CsbFirmCertification/bindFirm', {
      token: mainToken,
      body: { taxpayerName: company.name, taxNo: company.taxNo, regionCode: '440300' },
    });
    const tab = await openPage(browser);
    try {
      await signIn(tab.page, phone);
      await tab.page.goto(`${BASE_URL}/company/list`);
      await tab.page.getByText('暂无分配给您的企业，请联系主账号').waitFor();
      assert.equal(await tab.page.getByTestId('company-table').getByRole('button', { name: '绑定企业' }).count(), 0);
      await screenshot(tab.page, 'first-week-staff-no-company');

      // The main account: the permission drawer shows the 员工 preset, then 分配企业 on the row.
      const { page } = main;
      await page.goto(`${BASE_URL}/company/user`);
      const row = page.getByTestId('children-table').locator('tr', { hasText: phone });
      await row.getByRole('button', { name: '权限' }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: '权限设置' });
      await drawer
        .getByTestId('permission-presets')
        .locator('.ant-radio-button-wrapper-checked', { hasText: '员工' })
        .waitFor();
      await drawer.getByText('企业列表与企业详情：员工只看到分配给自己的企业').waitFor();
      await screenshot(page, 'first-week-permission-presets');
      await drawer.getByRole('button', { name: /取\s*消/ }).click();
      await row.getByTestId(`child-more-${userId}`).click();
      await page.getByRole('menuitem', { name: '分配企业' }).click();
      const dialog = page.getByTestId('assign-many');
      await dialog.getByTestId('assign-many-firms').click();
      await page.keyboard.type(company.name);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: company.name })
        .click();
      await page.keyboard.press('Escape');
      await page
        .locator('.ant-modal')
        .filter({ hasText: '分配企业给' })
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await page.getByText('已分配 1 家企业').waitFor();

      await tab.page.reload();
      await tab.page.getByTestId('company-table').getByText(company.name).waitFor();
      assert.deepEqual(tab.pageErrors, []);
    } finally {
      await tab.close();
    }
  });

  it('news of the client’s side: a client filling in through a 客户上传链接 pops up for the firm and shows on the company', async () => {
    const { page } = main;
    await page.goto(`${BASE_URL}/home`);
    await page.getByTestId('home-greeting').waitFor();
    await waitForRealtime(page);
    const link = await apiData<{ url: string }>('/userInfo/generateQrCode', { token: mainToken, body: {} });
    const token = new URL(link.url).searchParams.get('token') as string;
    const company = testCompany('首周客户', serial * 10 + 9);
    // The client, without an account, through the public call its page makes.
    await apiData('/CsbFirmCertification/tkBindFirm', {
      body: {
        token,
        taxpayerName: company.name,
        taxNo: company.taxNo,
        contactName: '客户财务',
        contactPhone: '13612345678',
      },
    });
    const popup = page.getByTestId('client-upload-notification').filter({ hasText: company.name });
    await popup.waitFor();
    await popup.getByText('客户上传链接').first().waitFor();
    await screenshot(page, 'first-week-client-upload-notification');
    await popup.getByRole('button', { name: '查看企业' }).click();
    await page.getByTestId('company-firm-page').waitFor();
    await page.getByTestId('client-upload-banner').getByText('客户已通过客户上传链接填写企业信息').waitFor();
    await screenshot(page, 'first-week-company-client-upload');

    // The header list keeps it after the pop-up is gone: unread, and opening it leads to the company.
    // A second client fills in through a link of its own, so one stays unread after the first is opened.
    const second = testCompany('首周客户乙', serial * 10 + 8);
    const secondLink = await apiData<{ url: string }>('/userInfo/generateQrCode', { token: mainToken, body: {} });
    await apiData('/CsbFirmCertification/tkBindFirm', {
      body: {
        token: new URL(secondLink.url).searchParams.get('token') as string,
        taxpayerName: second.name,
        taxNo: second.taxNo,
        contactName: '客户财务',
        contactPhone: '13612345679',
      },
    });
    await page.goto(`${BASE_URL}/home`);
    await page.getByTestId('home-greeting').waitFor();
    const badge = page.getByTestId('notice-badge').locator('.tl-badge-count');
    await badge.waitFor();
    const unreadBefore = Number((await badge.getAttribute('title')) ?? '0');
    assert.ok(unreadBefore >= 2, `unread badge ${unreadBefore}`);
    await page.getByTestId('notice-bell').click();
    const panel = page.getByTestId('notice-panel');
    const item = panel.getByTestId('notice-item').filter({ hasText: company.name });
    await item.getByText(`客户已通过客户上传链接填写「${company.name}」的企业信息`).waitFor();
    assert.equal(await item.getAttribute('data-read'), '0');
    await screenshot(page, 'first-week-notice-list');
    await item.click();
    await page.getByTestId('company-firm-page').waitFor();
    assert.match(page.url(), /\/company\/firm\?firmId=\d+/);
    await page
      .getByTestId('notice-badge')
      .locator(`.tl-badge-count[title="${unreadBefore - 1}"]`)
      .waitFor();
    await page.getByTestId('notice-bell').click();
    await panel.locator('[data-testid="notice-item"][data-read="1"]').filter({ hasText: company.name }).waitFor();
    // Only unread: the opened one leaves that view, the second stays; 全部标为已读 empties list and badge.
    await page.getByTestId('notice-unread-only').click();
    await item.waitFor({ state: 'detached' });
    await panel.getByTestId('notice-item').filter({ hasText: second.name }).waitFor();
    await page.getByTestId('notice-read-all').click();
    await panel.getByText('暂无通知').waitFor();
    await badge.waitFor({ state: 'hidden' });
  });
});

describe('the first week on a phone and before signing up', () => {
  it('390 px: the header keeps the bell and the avatar on screen; the notification list fits', async () => {
    const phone = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(phone.page, MAIN);
      const { page } = phone;
      for (const testId of ['notice-bell', 'user-trigger']) {
        const box = await page.getByTestId(testId).boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${testId} off screen: ${JSON.stringify(box)}`);
      }
      await page.getByTestId('notice-bell').click();
      const panel = await page.getByTestId('notice-panel').boundingBox();
      assert.ok(panel && panel.x >= 0 && panel.x + panel.width <= 390, `panel ${JSON.stringify(panel)}`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
      await screenshot(page, 'first-week-notice-list-390');
    } finally {
      await phone.close();
    }
  });

  it('服务条款 and 隐私政策 are pages of their own, open without signing in, at 1440 and 390 px', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const guest = await openPage(browser, viewport);
      try {
        const { page } = guest;
        await page.goto(`${BASE_URL}/login`);
        await page.getByTestId('login-agreement').getByRole('link', { name: '《服务条款》' }).click();
        await page.waitForURL(`${BASE_URL}/terms`);
        await page.getByRole('heading', { name: '服务条款', level: 2 }).waitFor();
        await page.getByTestId('legal-version').getByText('版本生效日期：2026-11-25').waitFor();
        await page.getByRole('heading', { name: '四、费用与结算' }).waitFor();
        await page.getByRole('link', { name: '隐私政策' }).click();
        await page.waitForURL(`${BASE_URL}/privacy`);
        await page.getByRole('heading', { name: '隐私政策', level: 2 }).waitFor();
        await page.getByText('《中华人民共和国个人信息保护法》').first().waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), viewport.width);
        await screenshot(page, `first-week-privacy-${viewport.width}`);
        await page.goto(`${BASE_URL}/login?mode=register`);
        await page.getByTestId('terms-consent').waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), viewport.width);
        await screenshot(page, `first-week-register-consent-${viewport.width}`);
      } finally {
        await guest.close();
      }
    }
  });
});

describe('small things that cost trust', () => {
  it('1440 px: the all-reports time column shows whole; a missing report offers the way back', async () => {
    const desk = await openPage(browser);
    try {
      await apiData('/ReportPool/create', {
        token: await apiLogin(MAIN),
        body: { firmId: 1, reportType: 'TAX', periodStart: '2025-01', periodEnd: '2025-12' },
      });
      const { page } = desk;
      await signIn(page, MAIN);
      await page.goto(`${BASE_URL}/all-history`);
      const row = page.locator('.ant-table-tbody > tr.ant-table-row').first();
      await row.waitFor();
      const cells = await row.evaluate((element) => {
        const tds = [...element.querySelectorAll(':scope > td')] as HTMLElement[];
        const time = tds.find((td) => td.getAttribute('data-label') === '生成时间 / 创建人') as HTMLElement;
        const actions = tds.at(-1) as HTMLElement;
        const text = time.firstElementChild?.firstElementChild as HTMLElement;
        return {
          timeRight: time.getBoundingClientRect().right,
          actionsLeft: actions.getBoundingClientRect().left,
          textWidth: text.scrollWidth,
          boxWidth: time.clientWidth,
          scrolls:
            (element.closest('.ant-table-content') as HTMLElement).scrollWidth >
            (element.closest('.ant-table-content') as HTMLElement).clientWidth,
        };
      });
      // Beside the menus at 1440 the table fits: no sideways scroll, the time not under the fixed 操作 column.
      assert.equal(cells.scrolls, false, JSON.stringify(cells));
      assert.ok(cells.timeRight <= cells.actionsLeft + 1, JSON.stringify(cells));
      assert.ok(cells.textWidth <= cells.boxWidth, JSON.stringify(cells));
      await screenshot(page, 'first-week-all-reports-1440');

      await page.goto(`${BASE_URL}/risk/preview?type=INVOICE&id=987654321`);
      await page.locator('.ant-result-title').getByText('报告不存在或已删除').waitFor();
      // Said once, on the page: no error toast on top of it.
      assert.equal(await page.locator('.ant-message-notice').count(), 0);
      await page.getByRole('button', { name: '返回全部报告' }).click();
      await page.waitForURL(`${BASE_URL}/all-history`);
    } finally {
      await desk.close();
    }
  });
});
