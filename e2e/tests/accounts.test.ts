import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page, Response } from 'playwright-core';
import { apiData } from '../lib/api.js';
import { BASE_URL, openPage, openUserPopover, screenshot, type TestPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** A phone no other test uses: 166 and eight random digits. */
function freshPhone(): string {
  return `166${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** A unified social credit code with a correct check digit (GB 32100-2015), or a wrong one. */
function creditCode(validCheckDigit: boolean): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = `91310000${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const sum = [...body].reduce((total, char, index) => total + chars.indexOf(char) * (weights[index] ?? 0), 0);
  const check = (31 - (sum % 31)) % 31;
  return body + chars[validCheckDigit ? check : (check + 1) % 31];
}

function codeIn(content: string): string {
  const match = /(\d{6})/.exec(content);
  assert.ok(match, `no 6-digit code in the message: ${content}`);
  return match[1] as string;
}

/** Clicks 发送验证码 and reads the code from the page's own smsOutbox call (demo outbox is on). */
async function sendCodeAndRead(page: Page, scope: Locator | Page = page): Promise<string> {
  const outbox = page.waitForResponse((response) => response.url().includes('/api/userInfo/smsOutbox'));
  await scope.getByTestId('sms-send').click();
  const response = await outbox;
  assert.equal(response.status(), 200);
  const body = (await response.json()) as { data: { content: string } | null };
  assert.ok(body.data, 'the outbox answered no message');
  // The same message is shown under the code field, marked as demo mode.
  const hint = scope.getByTestId('sms-outbox');
  await hint.getByText('短信网关未配置：演示模式下验证码显示在此').waitFor();
  await hint.getByText(body.data.content).waitFor();
  return codeIn(body.data.content);
}

/**
 * One browser context for the whole file, users switched by token: run-e2e's time-out covers a
 * whole file, and a fresh context would load the Chinese web font again for every test.
 */
let shared: TestPage;

/** Signs in through the API and hands the token to the page as the app stores it. */
async function switchUser(phone: string, pwd: string): Promise<string> {
  const user = await apiData<{ userToken: string; userId: number }>('/userInfo/login', { body: { phone, pwd } });
  await signOutQuietly();
  const value = encodeURIComponent(JSON.stringify({ token: user.userToken, userId: user.userId, savedAt: Date.now() }));
  await shared.context.addCookies([{ name: 'taxlens_token', value, url: BASE_URL }]);
  await shared.page.goto(`${BASE_URL}/home`);
  await shared.page.getByTestId('home-greeting').waitFor();
  return user.userToken;
}

/** Forgets the browser's session without the logout dialog (the next step signs in anew). */
async function signOutQuietly(): Promise<void> {
  await shared.context.clearCookies();
  if (shared.page.url().startsWith(BASE_URL)) await shared.page.evaluate(() => sessionStorage.clear());
}

/** A client-side navigation, as a link inside the app would make it. */
async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Opens a multiple select once and picks each option (it stays open between picks). */
async function pickOptions(page: Page, select: Locator, texts: readonly string[]): Promise<void> {
  await select.click();
  for (const text of texts) {
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
  }
}

const owner = {
  phone: freshPhone(),
  pwd: 'Owner12345',
  subject: `示例测试财税咨询有限公司${Date.now() % 100_000}`,
  token: '',
};
const staff = { phone: freshPhone(), pwd: 'Staff12345', newPwd: 'Staff67890', name: '测试员工甲' };
/** A supervisor without 全景报告; it later resets its forgotten password. */
const supervisor = { phone: freshPhone(), pwd: 'Super12345', newPwd: 'Super67890', name: '测试主管乙' };
/** A demo main account that is sent no other code (one code per phone per 60 s). */
const CODE_LOGIN_PHONE = '13900000001';

describe('account system', () => {
  before(async () => {
    shared = await openPage(browser);
  });
  after(async () => {
    await shared?.close();
  });

  it('signs up a new phone with the code from the demo outbox, then binds the account subject', async () => {
    const { page } = shared;
    await page.goto(`${BASE_URL}/login`);
    await page.getByTestId('go-register').click();
    await page.waitForURL(`${BASE_URL}/login?mode=register`);

    // Spec §5 messages before anything is sent.
    const form = page.getByTestId('register-form');
    await form.getByPlaceholder('设置密码（6-12位数字或英文）').fill('abc');
    await form.getByPlaceholder('请再次输入密码').fill('abd_1234');
    await page.getByTestId('register-form-submit').click();
    await form.getByText('请输入手机号', { exact: true }).waitFor();
    await form.getByText('请输入验证码', { exact: true }).waitFor();
    await form.getByText('密码长度6-12位').waitFor();
    await form.getByText('只能输入数字与英文').waitFor();
    // PIPL: no sign-up without ticking the consent (unticked at first); its links open the two documents.
    await form.getByText('请阅读并同意《服务条款》和《隐私政策》').waitFor();
    assert.equal(await form.getByRole('checkbox').isChecked(), false);
    assert.equal(await form.getByRole('link', { name: '《服务条款》' }).getAttribute('href'), '/terms');
    assert.equal(await form.getByRole('link', { name: '《隐私政策》' }).getAttribute('href'), '/privacy');
    await form.getByPlaceholder('设置密码（6-12位数字或英文）').fill(owner.pwd);
    await form.getByPlaceholder('请再次输入密码').fill('Owner99999');
    await page.getByTestId('register-form-submit').click();
    await form.getByText('两次密码不一致').waitFor();

    await form.getByPlaceholder('请输入手机号').fill(owner.phone);
    const code = await sendCodeAndRead(page);
    await page.getByText('发送成功，请在手机上查看验证码').waitFor();
    // The send button counts 60 s down and is disabled meanwhile (spec §4).
    const send = page.getByTestId('sms-send');
    assert.match((await send.textContent()) ?? '', /^\d{1,2}s后重新发送$/);
    assert.equal(await send.isDisabled(), true);
    await screenshot(page, 'register-code-sent');

    await form.getByPlaceholder('请输入验证码').fill(code);
    await form.getByPlaceholder('请再次输入密码').fill(owner.pwd);
    await page.getByTestId('terms-consent').click();
    // Every API call of the new session is answered: none goes out with a token the server does not
    // know (401) or for data a user without an account subject has none of (403).
    const refused: string[] = [];
    const watch = (response: Response) => {
      if (response.url().includes('/api/') && [401, 403].includes(response.status()))
        refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    };
    page.on('response', watch);
    await page.getByTestId('register-form-submit').click();

    // A user without an account subject lands on the binding page.
    await page.waitForURL(`${BASE_URL}/company/detail`);
    await page.getByTestId('bind-subject').waitFor();
    const group = page.getByTestId('header-group');
    assert.match((await group.textContent()) ?? '', /无账户主体\s*去绑定账户主体/);
    await screenshot(page, 'bind-subject');

    // Any other page is refused with the spec's warning; the binding page stays open.
    await page.locator('[data-menu-group="home"]').click();
    await page.getByText('请先绑定账户主体').waitFor();
    assert.equal(new URL(page.url()).pathname, '/company/detail');
    await page.waitForLoadState('networkidle');
    page.off('response', watch);
    assert.deepEqual(refused, []);

    const bind = page.getByTestId('bind-subject-form');
    assert.equal(await bind.getByLabel('联系电话').inputValue(), owner.phone);
    await bind.getByLabel('主体名称').fill(owner.subject);
    await bind.getByLabel('统一社会信用代码').fill('91310000ABC');
    await bind.getByLabel('联系人').fill('测试负责人');
    await page.getByTestId('bind-subject-form-submit').click();
    await bind.getByText('统一社会信用代码格式不正确').waitFor();
    // A code failing its check digit is refused (issue #3); the right one binds.
    await bind.getByLabel('统一社会信用代码').fill(creditCode(false).toLowerCase());
    await bind.getByText('统一社会信用代码校验位不正确，请核对').waitFor();
    await screenshot(page, 'bind-subject-check-digit');
    await bind.getByLabel('统一社会信用代码').fill(creditCode(true).toLowerCase());
    await page.getByTestId('bind-subject-form-submit').click();

    await page.waitForURL(`${BASE_URL}/home`);
    assert.equal((await group.textContent())?.trim(), owner.subject);
    owner.token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('taxlens.session') ?? '{}').token);
    assert.deepEqual(shared.pageErrors, []);
  });

  it('the main account adds staff with permissions denied, edits permissions, teams, exports and reads the log', async () => {
    const { page } = shared;
    // The supervisor comes through the API: only the UI of adding staff is under test here.
    const notMenus = [{ type: 0, permission: 'qjbg' }];
    await apiData('/userInfo/addChildAccount', {
      token: owner.token,
      body: { ...supervisor, level: 2, nickName: supervisor.name, notMenus },
    });

    await page.locator('[data-menu-group="company"]').click();
    await page.getByRole('menuitem', { name: '用户管理' }).click();
    await page.waitForURL(`${BASE_URL}/company/user`);
    const table = page.getByTestId('children-table');
    await table.locator('tr', { hasText: supervisor.phone }).getByText('主管', { exact: true }).waitFor();

    // Add a staff member with 经营风险检测 and 主体信息 denied.
    await page.getByTestId('child-add').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增子账号' });
    const form = dialog.getByTestId('child-form');
    await form.waitFor();
    await form.getByLabel('手机号').fill('1380000');
    await form.getByLabel('初始密码').fill('abc');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('请输入正确的11位手机号').waitFor();
    await form.getByText('请输入姓名').waitFor();
    await form.getByText('密码长度6-12位').waitFor();
    await form.getByLabel('手机号').fill(staff.phone);
    await form.getByLabel('姓名').fill(staff.name);
    await form.getByLabel('初始密码').fill(staff.pwd);
    // The level radio (the permission presets carry the same names).
    assert.equal(await form.locator('#level').getByRole('radio', { name: '员工' }).isChecked(), true);
    await form.locator('[data-permission="nsfw"]').uncheck();
    await form.locator('[data-permission="mainBodyInfo"]').uncheck();
    await screenshot(page, 'child-add');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('添加成功').waitFor();
    const row = table.locator('tr', { hasText: staff.phone });
    await row.getByText('员工', { exact: true }).waitFor();
    await row.getByText(staff.name).waitFor();
    await screenshot(page, 'company-user');

    // Reset password and delete ask first (both cancelled here).
    await row.getByRole('button', { name: /更\s*多/ }).click();
    await page.getByRole('menuitem', { name: '重置密码' }).click();
    const resetDialog = page.getByRole('dialog').filter({ hasText: '重置密码' });
    await resetDialog.getByText(`为 ${staff.name} 设置新的登录密码`).waitFor();
    await screenshot(page, 'child-reset-password');
    await resetDialog.getByRole('button', { name: /取\s*消/ }).click();
    await resetDialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: /更\s*多/ }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    const confirmDelete = page.getByRole('dialog').filter({ hasText: '确认删除该子账号？' });
    await confirmDelete.waitFor();
    await screenshot(page, 'child-delete-confirm');
    await confirmDelete.getByRole('button', { name: /取\s*消/ }).click();
    await confirmDelete.waitFor({ state: 'detached' });

    // The permission drawer shows what was denied; deny 全景报告 as well.
    await row.getByRole('button', { name: '权限' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '权限设置' });
    await drawer.getByText('风险报告').waitFor();
    assert.equal(await drawer.locator('[data-permission="nsfw"]').isChecked(), false);
    assert.equal(await drawer.locator('[data-permission="mainBodyInfo"]').isChecked(), false);
    assert.equal(await drawer.locator('[data-permission="invoiceThrough"]').isChecked(), true);
    await drawer.locator('[data-permission="qjbg"]').uncheck();
    await screenshot(page, 'permission-drawer');
    await page.getByTestId('permissions-save').click();
    await page.getByText('设置成功').first().waitFor();
    await drawer.waitFor({ state: 'hidden' });

    // Search narrows the list; the export takes the same filter.
    const search = page.getByTestId('child-search').locator('input');
    await search.fill(staff.name);
    await search.press('Enter');
    await table.locator('tr', { hasText: supervisor.phone }).waitFor({ state: 'detached' });
    const downloadEvent = page.waitForEvent('download');
    await page.getByTestId('child-export').click();
    const download = await downloadEvent;
    assert.match(download.suggestedFilename(), /^子账号列表-\d{8}\.csv$/);
    const file = path.join(os.tmpdir(), `accounts-export-${Date.now()}.csv`);
    await download.saveAs(file);
    const csv = await readFile(file, 'utf8');
    await rm(file, { force: true });
    // UTF-8 with a byte-order mark, so Excel reads the Chinese.
    assert.equal(csv.charCodeAt(0), 0xfeff);
    assert.match(csv, /^\uFEFF姓名,手机号,级别,状态,所属团队,禁用权限,创建时间\r\n/);
    // New staff start from the 员工 preset (least rights), so the denied list holds more than these.
    const line = csv.split('\r\n').find((text) => text.startsWith(`${staff.name},="${staff.phone}",员工,正常,,`));
    assert.ok(line, csv);
    for (const label of ['经营风险检测', '全景报告', '主体信息']) assert.ok(line.split(',')[5]?.includes(label), line);
    assert.ok(!line.split(',')[5]?.includes('发票穿透'), line);
    assert.ok(!csv.includes(supervisor.phone), 'the export follows the search');

    // A team of the supervisor and the staff member: the supervisor now manages that staff.
    await page.getByRole('tab', { name: '团队' }).click();
    await page.getByTestId('team-add').click();
    const teamDialog = page.getByRole('dialog').filter({ hasText: '新建团队' });
    await teamDialog.getByLabel('团队名称').fill('测试一组');
    await pickOptions(page, teamDialog.locator('.ant-select'), [staff.name, supervisor.name]);
    await teamDialog.getByLabel('团队名称').click();
    await teamDialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('创建成功').waitFor();
    const teamRow = page.getByTestId('teams-table').locator('tr', { hasText: '测试一组' });
    await teamRow.getByText(staff.name).waitFor();
    await teamRow.getByText(supervisor.name).waitFor();
    await screenshot(page, 'teams');
    await teamRow.getByRole('button', { name: '移出成员' }).click();
    const members = page.getByRole('dialog').filter({ hasText: '移出成员 - 测试一组' });
    await members.getByText(staff.name).waitFor();
    await screenshot(page, 'team-members');
    await members.getByRole('button', { name: /Close|关闭/ }).click();
    await members.waitFor({ state: 'detached' });

    // The activity log names what happened.
    await page.getByRole('tab', { name: '操作记录' }).click();
    const audit = page.getByTestId('audit-table');
    await audit
      .getByText(/禁用权限：经营风险检测、.*主体信息/)
      .first()
      .waitFor();
    for (const action of ['新增子账号', '修改权限', '新建团队', '绑定账户主体']) {
      await audit.getByText(action, { exact: true }).first().waitFor();
    }
    await screenshot(page, 'audit-log');

    // Main-body info from the user popover, and its edit mode.
    await (await openUserPopover(page)).getByRole('link', { name: '主体信息' }).click();
    await page.waitForURL(`${BASE_URL}/company/detail`);
    const info = page.getByTestId('subject-info');
    await info.getByText(owner.subject).waitFor();
    await page.getByTestId('subject-edit').click();
    await page.waitForURL(`${BASE_URL}/company/detail?type=edit`);
    const edit = page.getByTestId('edit-subject-form');
    await edit.getByLabel('联系人').fill('新的联系人');
    await edit.getByLabel('统一社会信用代码').fill(creditCode(true));
    await screenshot(page, 'subject-edit');
    await page.getByTestId('edit-subject-form-submit').click();
    await page.getByText('保存成功').waitFor();
    await page.waitForURL(`${BASE_URL}/company/detail`);
    await info.getByText('新的联系人').waitFor();
    await screenshot(page, 'subject-info');
    assert.deepEqual(shared.pageErrors, []);
  });

  it('the staff member sees fewer menus, is refused a denied page and changes its password', async () => {
    const { page } = shared;
    await switchUser(staff.phone, staff.pwd);
    // User management is not for staff: no such entry anywhere in the menus.
    const company = page.locator('[data-menu-group="company"]');
    if ((await company.count()) > 0 && (await company.getAttribute('aria-disabled')) !== 'true') {
      await company.click();
      await page.getByTestId('second-aside').waitFor();
      assert.equal(await page.getByTestId('second-aside').getByText('用户管理').count(), 0);
      await page.locator('[data-menu-group="home"]').click();
    }
    // The home page lists the denied rights as 未开通.
    const overview = page.getByTestId('permission-overview');
    for (const label of ['经营风险检测', '全景报告', '主体信息']) {
      assert.equal(await overview.locator('.tl-tag', { hasText: label }).getAttribute('data-granted'), 'false');
    }
    assert.equal(await overview.locator('.tl-tag', { hasText: '发票穿透' }).getAttribute('data-granted'), 'true');
    const popover = await openUserPopover(page);
    assert.equal(await popover.getByText('主体信息').count(), 0);
    await page.getByTestId('user-trigger').click();

    // A denied page: /404, or the spec's warning when the reload flag is set.
    await page.goto(`${BASE_URL}/company/detail`);
    await page.waitForURL(`${BASE_URL}/404`);
    await page.goto(`${BASE_URL}/company/user`);
    await page.waitForURL(`${BASE_URL}/404`);
    await page.getByTestId('back-home').click();
    await page.getByTestId('home-greeting').waitFor();
    await navigateInApp(page, '/company/detail?reload=1');
    const denied = page.getByRole('dialog').filter({ hasText: '当前用户没有权限，请联系管理员' });
    await denied.waitFor();
    // The warning opens inside the route loader, just before its redirect back lands.
    await page.waitForURL(`${BASE_URL}/home`);
    await screenshot(page, 'denied-warning');
    await denied.getByRole('button').last().click();

    // Change password: phone prefilled and disabled, code by SMS (type 4), 设置成功.
    await (await openUserPopover(page)).getByTestId('change-password-entry').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '修改密码' });
    const form = dialog.getByTestId('change-password-form');
    await form.waitFor();
    const phone = form.getByLabel('手机号');
    assert.equal(await phone.inputValue(), staff.phone);
    assert.equal(await phone.isDisabled(), true);
    const code = await sendCodeAndRead(page, dialog);
    await form.getByLabel('新密码').fill(staff.newPwd);
    await form.getByLabel('确认密码').fill('Other12345');
    await dialog.getByTestId('change-password-submit').click();
    await form.getByText('两次密码不一致').waitFor();
    await screenshot(page, 'change-password');
    // Closing resets every field; the countdown keeps running.
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await form.waitFor({ state: 'detached' });
    await (await openUserPopover(page)).getByTestId('change-password-entry').click();
    await form.waitFor();
    assert.equal(await form.getByLabel('新密码').inputValue(), '');
    assert.equal(await form.getByLabel('验证码').inputValue(), '');
    assert.equal(await dialog.getByTestId('sms-send').isDisabled(), true);
    await form.getByLabel('验证码').fill(code);
    await form.getByLabel('新密码').fill(staff.newPwd);
    await form.getByLabel('确认密码').fill(staff.newPwd);
    await dialog.getByTestId('change-password-submit').click();
    await page.getByText('设置成功').waitFor();
    await form.waitFor({ state: 'detached' });
    // The new password signs in, the old one no longer.
    await apiData('/userInfo/login', { body: { phone: staff.phone, pwd: staff.newPwd } });
    const old = await fetch(`${BASE_URL}/api/userInfo/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: staff.phone, pwd: staff.pwd }),
    });
    assert.equal(old.status, 401);

    // Change phone: the code goes to the new number; the session stays, the new number signs in.
    await (await openUserPopover(page)).getByTestId('change-phone-entry').click();
    const phoneDialog = page.getByRole('dialog').filter({ hasText: '更换手机号' });
    const phoneForm = phoneDialog.getByTestId('change-phone-form');
    const newPhone = freshPhone();
    await phoneForm.getByLabel('新手机号', { exact: true }).fill(newPhone);
    const phoneCode = await sendCodeAndRead(page, phoneDialog);
    await phoneForm.getByLabel('新手机号验证码').fill(phoneCode);
    await screenshot(page, 'change-phone');
    await phoneDialog.getByTestId('change-phone-submit').click();
    await phoneForm.waitFor({ state: 'detached' });
    staff.phone = newPhone;
    await apiData('/userInfo/login', { body: { phone: newPhone, pwd: staff.newPwd } });
    assert.deepEqual(shared.pageErrors, []);
  });

  it('signs in by SMS code; a supervisor resets its forgotten password and manages its staff only', async () => {
    const { page } = shared;
    await signOutQuietly();
    await page.goto(`${BASE_URL}/login`);
    await page.getByRole('tab', { name: '验证码登录' }).click();
    await page.waitForURL(`${BASE_URL}/login?mode=code`);
    const codeForm = page.getByTestId('code-login-form');
    await codeForm.getByPlaceholder('请输入手机号').fill(CODE_LOGIN_PHONE);
    await codeForm.getByPlaceholder('请输入验证码').fill(await sendCodeAndRead(page));
    await screenshot(page, 'login-code');
    await page.getByTestId('code-login-submit').click();
    await page.waitForURL(`${BASE_URL}/home`);
    await page.getByTestId('home-greeting').waitFor();

    await signOutQuietly();
    await page.goto(`${BASE_URL}/login`);
    await page.getByTestId('forgot-password').click();
    await page.waitForURL(`${BASE_URL}/login?mode=reset`);
    const form = page.getByTestId('reset-form');
    // An unknown phone is refused on the phone field.
    await form.getByPlaceholder('请输入手机号').fill(freshPhone());
    await page.getByTestId('sms-send').click();
    await form.getByText('该手机号未注册').waitFor();
    await form.getByPlaceholder('请输入手机号').fill(supervisor.phone);
    await form.getByPlaceholder('请输入验证码').fill(await sendCodeAndRead(page));
    await form.getByPlaceholder('新密码（6-12位数字或英文）').fill(supervisor.newPwd);
    await form.getByPlaceholder('请再次输入新密码').fill(supervisor.newPwd);
    await screenshot(page, 'reset-password');
    await page.getByTestId('reset-form-submit').click();
    await page.getByText('设置成功').waitFor();
    await page.waitForURL(`${BASE_URL}/login`);
    // Back on sign-in with the phone filled in; the new password works.
    assert.equal(await page.getByPlaceholder('请输入手机号').inputValue(), supervisor.phone);
    await page.getByPlaceholder(/请输入密码/).fill(supervisor.newPwd);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${BASE_URL}/home`);

    // The supervisor: the staff of its team, no activity log, adds staff only, grants only its own rights.
    await page.locator('[data-menu-group="company"]').click();
    await page.getByRole('menuitem', { name: '用户管理' }).click();
    const table = page.getByTestId('children-table');
    await table.locator('tr', { hasText: staff.phone }).waitFor();
    assert.equal(await table.locator('tr', { hasText: supervisor.phone }).count(), 0);
    assert.equal(await page.getByRole('tab', { name: '操作记录' }).count(), 0);
    await page.getByTestId('child-add').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增子账号' });
    await dialog.getByText('主管只能添加员工').waitFor();
    assert.equal(await dialog.locator('#level').getByRole('radio', { name: '主管' }).isDisabled(), true);
    const lacking = dialog.locator('[data-permission="qjbg"]');
    assert.equal(await lacking.isDisabled(), true);
    assert.equal(await lacking.isChecked(), false);
    await dialog.locator('.tl-permission-lacking').first().hover();
    await page.getByRole('tooltip', { name: '您没有该权限，无法授予' }).waitFor();
    await screenshot(page, 'child-add-supervisor');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await page.getByRole('tab', { name: '团队' }).click();
    await page.getByText('团队仅主账号可以编辑').waitFor();
    assert.equal(await page.getByTestId('team-add').count(), 0);
    assert.deepEqual(shared.pageErrors, []);
  });

  it('shows the no-permission overlay when the user has no usage right (spec §2)', async () => {
    const { page } = shared;
    // No account lacks the right in the seed, so the server's answer is edited on its way.
    await page.route('**/api/userInfo/findUserLoginInfo', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      body.data = { ...body.data, tokerUser: 0, flowTime: null };
      await route.fulfill({ response, json: body });
    });
    await switchUser(owner.phone, owner.pwd);
    const overlay = page.getByTestId('no-permission-overlay');
    await overlay.getByText('暂无使用权限').waitFor();
    await overlay.getByRole('button', { name: /去\s*购\s*买/ }).waitFor();
    await screenshot(page, 'no-permission-overlay');
    await overlay.getByRole('button', { name: /退\s*出\s*登\s*录/ }).click();
    await page.waitForURL(`${BASE_URL}/login`);
    await page.unroute('**/api/userInfo/findUserLoginInfo');
  });
});
