import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiData } from '../lib/api.js';
import { BASE_URL, DEMO_USERS, openPage, screenshot, signIn, type TestPage, useBrowser } from '../lib/browser.js';
import { creditCode } from '../lib/companies.js';

const browser = useBrowser();
const main = DEMO_USERS[3] as (typeof DEMO_USERS)[number];

let inviter: TestPage;
let guest: TestPage;

describe('partner invitations', () => {
  before(async () => {
    inviter = await openPage(browser);
    guest = await openPage(browser);
  });
  after(async () => {
    await Promise.all([inviter?.close(), guest?.close()]);
  });

  it('a firm invites another: the link names the inviter, the sign-up and the reward are listed', async () => {
    const { page } = inviter;
    await signIn(page, main.phone);
    await page.goto(`${BASE_URL}/company/user?tab=partners`);
    const tab = page.getByTestId('partner-invites');
    await tab.getByPlaceholder('备注（选填），如：渠道、联系人').fill('行业协会');
    await tab.getByRole('button', { name: '生成邀请链接' }).click();
    const url = (await page.getByTestId('partner-invite-url').locator('.tl-partners-url').textContent()) ?? '';
    assert.match(url, /\/login\?mode=register&invite=[\w-]{20,}$/);

    // The invited firm opens the link: the banner names the inviter; it signs up there.
    await guest.page.goto(url);
    const banner = guest.page.getByTestId('invite-banner');
    await banner.getByText(`「${main.groupName}」邀请您加入税镜`).waitFor();
    await screenshot(guest.page, 'partner-invite-register');
    const phone = `167${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const form = guest.page.getByTestId('register-form');
    await form.getByPlaceholder('请输入手机号').fill(phone);
    await guest.page.getByTestId('sms-send').click();
    await guest.page.getByTestId('sms-outbox').waitFor();
    const message = await apiData<{ content: string }>(`/userInfo/smsOutbox?phone=${phone}`);
    await form.getByPlaceholder('请输入验证码').fill(/(\d{6})/.exec(message.content)?.[1] ?? '');
    await form.getByPlaceholder('设置密码（6-12位数字或英文）').fill('Guest12345');
    await form.getByPlaceholder('请再次输入密码').fill('Guest12345');
    await guest.page.getByTestId('terms-consent').click();
    await guest.page.getByTestId('register-form-submit').click();
    await guest.page.waitForURL(`${BASE_URL}/company/detail`);
    const token = await guest.page.evaluate(() => JSON.parse(sessionStorage.getItem('taxlens.session') ?? '{}').token);
    await apiData('/userInfo/bindAccountSubject', {
      token,
      body: { name: '受邀测试会计师事务所', creditCode: creditCode(9301), contactName: '钱经理', contactPhone: phone },
    });

    await page.reload();
    const row = page.getByRole('row', { name: /受邀测试会计师事务所/ });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /发票穿透报告 2 次/);
    assert.match((await row.textContent()) ?? '', new RegExp(`${phone.slice(0, 3)}\\*{4}${phone.slice(-4)}`));
    await screenshot(page, 'partner-invites');
    // At phone width the tables scroll inside themselves (the shell's own width is the shell's test).
    await page.setViewportSize({ width: 390, height: 844 });
    const tableScroll = page.getByTestId('partner-invites').locator('.ant-table-content').first();
    assert.ok(await tableScroll.evaluate((el) => el.scrollWidth > el.clientWidth));
    await screenshot(page, 'partner-invites-390');
    assert.deepEqual([...inviter.pageErrors, ...guest.pageErrors], []);
  });
});
