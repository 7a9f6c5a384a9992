import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { apiCall, apiData } from '../lib/api.js';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, type TestPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** Demo console staff (apps/server/src/seed/demo-seed.ts). */
const ADMIN = '13700000001';
const FINANCE = '13700000002';
const CONTENT = '13700000003';
const CUSTOMER = '13900000001';
const OK_BUTTON = /确\s*定/;

async function apiToken(phone: string): Promise<string> {
  const user = await apiData<{ userToken: string }>('/userInfo/login', { body: { phone, pwd: DEMO_PASSWORD } });
  return user.userToken;
}

async function consoleSignIn(page: Page, phone: string): Promise<void> {
  await page.goto(`${BASE_URL}/operator/login`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

async function openConsole(phone: string, width = 1440): Promise<TestPage> {
  const opened = await openPage(browser, { width, height: width > 500 ? 900 : 844 });
  await consoleSignIn(opened.page, phone);
  await opened.page.waitForURL(/\/operator\/(?!login)/);
  return opened;
}

describe('operator console', () => {
  let tmp: string;
  let db: pg.Client;
  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'taxlens-operator-'));
    db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
  });
  after(async () => {
    await rm(tmp, { recursive: true, force: true });
    await db.end();
  });

  it('keeps customers out: the sign-in refuses them and the API answers 403', async () => {
    const { page, close, pageErrors } = await openPage(browser);
    try {
      await consoleSignIn(page, CUSTOMER);
      await page.getByText('该账号不是运营人员，无法登录运营控制台').waitFor();
      assert.match(page.url(), /\/operator\/login/);
      const answer = await apiCall('/operator/groups', { token: await apiToken(CUSTOMER) });
      assert.equal(answer.status, 403);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('shows finance its own menu only; another role’s page answers 403', async () => {
    const { page, close } = await openConsole(FINANCE);
    try {
      await page.getByRole('menuitem', { name: '待处理' }).waitFor();
      assert.equal(await page.getByRole('menuitem', { name: '操作日志' }).count(), 0);
      assert.equal(await page.getByRole('menuitem', { name: '运行状况' }).count(), 0);
      await page.goto(`${BASE_URL}/operator/audit`);
      await page.getByText('当前用户没有权限，请联系管理员').waitFor();
    } finally {
      await close();
    }
  });

  for (const width of [1440, 390]) {
    it(`confirms a bank transfer at ${width} px: the order is paid and the queue empties`, async () => {
      const customer = await apiToken(CUSTOMER);
      const order = await apiData<{ orderId: number; orderNo: string }>('/Order/unifiedOrder', {
        token: customer,
        body: { payMethod: 'bank_transfer', amountFen: 12_300 + width },
      });
      const { page, close, pageErrors } = await openConsole(FINANCE, width);
      try {
        await page.goto(`${BASE_URL}/operator/pending`);
        const row = page.getByRole('row').filter({ hasText: order.orderNo });
        await row.getByRole('button', { name: '确认到账' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('银行流水号').fill(`E2E${width}0001`);
        await screenshot(page, `operator-confirm-transfer-${width}`);
        await dialog.getByRole('button', { name: OK_BUTTON }).click();
        await page.getByText('已确认收款').first().waitFor();
        await row.waitFor({ state: 'detached' });
        const token = await apiToken(FINANCE);
        const orders = await apiData<{ list: { state: string }[] }>(`/operator/money/orders?keyword=${order.orderNo}`, {
          token,
        });
        assert.equal(orders.list[0]?.state, 'paid');
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    });
  }

  it('adjusts a wallet: no reason is refused under the field, then one ledger row', async () => {
    const token = await apiToken(FINANCE);
    const detail = () =>
      apiData<{ users: { phone: string; balanceFen: number }[] }>('/operator/groups/detail?groupId=2', { token });
    const before = (await detail()).users.find((user) => user.phone === CUSTOMER)?.balanceFen ?? 0;
    const { page, close, pageErrors } = await openConsole(FINANCE);
    try {
      await page.goto(`${BASE_URL}/operator/groups`);
      await page
        .getByRole('row')
        .filter({ hasText: '演示会计师事务所' })
        .getByRole('button', { name: /详\s*情/ })
        .click();
      await page.getByRole('tab', { name: '调整余额/次数' }).click();
      await page.getByLabel('调整金额（元，负数为扣减）').fill('100');
      await page.getByRole('button', { name: '确认调整' }).click();
      await page.getByText('请填写调整原因').waitFor();
      assert.equal((await detail()).users.find((user) => user.phone === CUSTOMER)?.balanceFen, before);
      await page.getByLabel('原因').fill('线下转账补录（E2E）');
      await page.getByRole('button', { name: '确认调整' }).click();
      await page.getByText(/已调整，调整后为/).waitFor();
      await screenshot(page, 'operator-adjust-wallet-1440');
      assert.equal((await detail()).users.find((user) => user.phone === CUSTOMER)?.balanceFen, before + 10_000);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('imports a dataset with its progress and result, and lists the new version', async () => {
    const file = path.join(tmp, 'A级名单-e2e.csv');
    await writeFile(
      file,
      [
        '纳税人识别号,纳税人名称,评价年度',
        '91110108769914581E,控制台导入甲有限公司,2025',
        '915301115551499841,控制台导入乙有限公司,2025',
      ].join('\r\n'),
    );
    const { page, close, pageErrors } = await openConsole(CONTENT);
    try {
      await page.goto(`${BASE_URL}/operator/datasets`);
      await page.locator('.ant-form-item').filter({ hasText: '数据清单' }).locator('.ant-select').click();
      // The dropdown is a virtual list: filter it so the option is rendered.
      await page.keyboard.type('A级纳税人');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '纳税信用A级纳税人名单' })
        .first()
        .click();
      await page.getByLabel('数据来源').fill('E2E 测试来源');
      await page.getByLabel('数据日期').fill('2026-11-01');
      await page.getByLabel('数据日期').press('Enter');
      await page.locator('input[type=file]').setInputFiles(file);
      await page.getByRole('button', { name: /导\s*入/ }).click();
      await page.getByText('已导入 2 行').waitFor();
      await page.getByRole('row').filter({ hasText: 'A级名单-e2e.csv' }).waitFor();
      await screenshot(page, 'operator-import-dataset-1440');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('retries a failed job from the health page', async () => {
    // A job that used up its retries, as pg-boss leaves one: failed, with the error as its output.
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO pgboss.job (name, data, state, retry_limit, output, completed_on)
       VALUES ('maintenance.prune-sessions', '{}', 'failed', 0, '{"message":"E2E 模拟失败：数据库连接中断"}', now())
       RETURNING id`,
    );
    const id = inserted.rows[0]?.id;
    const { page, close, pageErrors } = await openConsole(ADMIN);
    try {
      await page.goto(`${BASE_URL}/operator/health`);
      const row = page.getByRole('row').filter({ hasText: 'E2E 模拟失败：数据库连接中断' });
      await row.waitFor();
      await screenshot(page, 'operator-health-1440');
      await row.getByRole('button', { name: /重\s*试/ }).click();
      await page.getByRole('tooltip').getByRole('button', { name: OK_BUTTON }).click();
      await page.getByText('已重新排队').waitFor();
      await row.waitFor({ state: 'detached' });
      const state = await db.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]);
      assert.notEqual(state.rows[0]?.state, 'failed');
      const audit = await apiData<{ total: number }>(`/operator/audit?keyword=${id}`, { token: await apiToken(ADMIN) });
      assert.equal(audit.total, 1);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
