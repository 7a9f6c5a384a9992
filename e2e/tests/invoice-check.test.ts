import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  buildBadFiles,
  buildInvoiceBatch,
  buildInvoicePdf,
  sampleInvoice,
} from '@taxlens/engine/verification-fixtures';
import { apiCall, sessionToken } from '../lib/api.js';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';
import { apiLogin } from '../lib/companies.js';

const browser = useBrowser();
let dir = '';
let files: string[] = [];
let badFile = '';

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jianwei-'));
  const batch = await buildInvoiceBatch(6, 9000);
  const [, ofdWithout] = await buildBadFiles();
  files = [];
  for (const file of batch) {
    const target = path.join(dir, file.filename);
    await writeFile(target, file.content);
    files.push(target);
  }
  // An issuer that draws the QR as vector squares: read from the rendered page.
  const vector = path.join(dir, '矢量二维码.pdf');
  await writeFile(vector, await buildInvoicePdf(sampleInvoice({ number: '24312000000136521001' }), { qrAs: 'vector' }));
  files.push(vector);
  badFile = path.join(dir, ofdWithout?.filename ?? 'bad.ofd');
  await writeFile(badFile, ofdWithout?.content ?? new Uint8Array());
});
after(() => rm(dir, { recursive: true, force: true }));

/** The feature's own content ends inside the viewport (tables scroll inside their own box). */
function fits(page: import('playwright-core').Page): Promise<boolean> {
  return page.evaluate(() => {
    const content = document.querySelector('.verification-page');
    return content !== null && content.getBoundingClientRect().right <= window.innerWidth + 1;
  });
}

describe('发票鉴伪', () => {
  it('uploads a batch, lists the checked and the refused, shows details, then the history and its export', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, '13800000001');
      await page.goto(`${BASE_URL}/ticket/jianwei`);
      await page.getByText('核验方式：本地核验').waitFor();
      await page.locator('input[type=file]').setInputFiles([...files, badFile]);
      await page.getByRole('button', { name: /开始核验（8 个文件）/ }).click();
      await page.getByText('已核验 7 张，未能核验 1 个').waitFor({ timeout: 60_000 });
      const rejected = page.locator('.verification-rejected');
      assert.equal(await rejected.count(), 1);
      assert.match((await rejected.textContent()) ?? '', /合同\.ofd：该OFD文件中没有发票数据/);
      await screenshot(page, 'jianwei-batch-1440');

      await page.locator('.verification-result').getByRole('button', { name: '详情' }).first().click();
      await page.getByRole('heading', { name: '各项核对' }).waitFor();
      await page.getByText('金额、税额与价税合计').waitFor();
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: '手工录入' }).click();
      await page.getByLabel('发票号码').fill('24312000000136634917');
      await page.getByLabel('开票日期').fill('20240514');
      await page.getByLabel('第四要素').fill('1060.00');
      await page
        .getByRole('button', { name: '核 验' })
        .or(page.getByRole('button', { name: '核验', exact: true }))
        .click();
      await page.getByText('已核验 1 张，未能核验 0 个').waitFor();

      await page.goto(`${BASE_URL}/ticket/jianwei/history`);
      await page.getByText('24312000000136634917').first().waitFor();
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      assert.ok((await rows.count()) >= 7);
      await page.getByPlaceholder('发票号码、销售方、购买方或文件名').fill('24312000000136634917');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /导出 Excel/ }).click();
      assert.equal((await download).suggestedFilename(), '发票鉴伪记录.xlsx');
      await screenshot(page, 'jianwei-history-1440');

      // The vector-QR PDF: its record says the QR came from the rendered page.
      await page.getByPlaceholder('发票号码、销售方、购买方或文件名').fill('矢量二维码.pdf');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1);
      await page.locator('.ant-table-tbody').getByRole('button', { name: '详情' }).click();
      await page.getByText('二维码为矢量绘制，取自渲染后的页面').waitFor();
      await page.getByText('矢量二维码.pdf（PDF文字层）').waitFor();
      await page.keyboard.press('Escape');

      // Delete it: the list is empty for that file afterwards.
      await page.locator('tr.ant-table-row').first().locator('.ant-checkbox-wrapper').click();
      await page.getByRole('button', { name: '删除所选' }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.getByText('已删除 1 条记录').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 0);

      // The charges of the checks, each as a ledger row.
      await page.getByRole('tab', { name: '扣费流水' }).click();
      await page.getByRole('tabpanel').getByText('发票鉴伪').first().waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('works at 390 px: no sideways scrolling, the upload and the history fit', async () => {
    const { page, pageErrors, close } = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, '13800000001');
      await page.goto(`${BASE_URL}/ticket/jianwei`);
      await page.getByText('点击或拖入发票文件').waitFor();
      await screenshot(page, 'jianwei-390');
      assert.ok(await fits(page), 'the check page is wider than the screen');
      // A result on a phone: the summary, the table (scrolling inside its own box) and the details.
      await page.getByRole('tab', { name: '手工录入' }).click();
      await page.getByLabel('发票号码').fill('24312000000136634920');
      await page.getByLabel('开票日期').fill('20240514');
      await page.getByLabel('第四要素').fill('1060.00');
      await page
        .getByRole('button', { name: '核 验' })
        .or(page.getByRole('button', { name: '核验', exact: true }))
        .click();
      await page.getByText('已核验 1 张，未能核验 0 个').waitFor();
      assert.ok(await fits(page), 'the result is wider than the screen');
      await page.locator('.verification-result').scrollIntoViewIfNeeded();
      await screenshot(page, 'jianwei-result-390');
      await page.goto(`${BASE_URL}/ticket/jianwei/history`);
      await page.locator('.ant-table').waitFor();
      assert.ok(await fits(page), 'the history page is wider than the screen');
      await screenshot(page, 'jianwei-history-390');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('staff without invoiceCheck see no entry and are refused; another group’s record is not found', async () => {
    const main = await apiLogin('13800000001');
    const phone = `167${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const added = await apiCall('/userInfo/addChildAccount', {
      token: main,
      body: {
        phone,
        pwd: 'Staff12345',
        level: 3,
        nickName: '无鉴伪员工',
        notMenus: [{ type: 0, permission: 'invoiceCheck' }],
      },
    });
    assert.equal(added.code, 0, added.msg);
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, phone, 'Staff12345');
      await page.goto(`${BASE_URL}/ticket/jianwei`);
      await page.waitForURL(`${BASE_URL}/404`);
      const token = await sessionToken(page);
      assert.equal((await apiCall('/InvoiceAuthenticity/infoList', { token })).status, 403);
      const mine = await apiCall<{ list: { id: number }[] }>('/InvoiceAuthenticity/infoList', { token: main });
      const [first] = mine.data.list;
      assert.ok(first, 'the main account has checks');
      const outsider = await apiLogin('13900000001');
      const foreign = await apiCall(`/InvoiceAuthenticity/infoById?id=${first.id}`, { token: outsider });
      assert.equal(foreign.status, 404);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('the operator charges a group by check credits and grants some; the user sees the credits and pays with one', async () => {
    const operator = await openPage(browser);
    try {
      const { page } = operator;
      await page.goto(`${BASE_URL}/operator/login`);
      await page.getByLabel('手机号').fill('13700000001');
      await page.getByLabel('密码').fill('Demo123456');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/operator/login'));
      await page.goto(`${BASE_URL}/operator/verification-charge`);
      await page.getByText('集团专属计费').waitFor();
      const groupForm = page.locator('form').nth(1);
      await groupForm.getByLabel('集团编号').fill('1');
      await groupForm.getByText('按次数（每张扣 1 次发票鉴伪次数）').click();
      await groupForm.getByRole('button', { name: '添加专属设置' }).click();
      await page.locator('.ant-table-tbody').getByText('按次数（每张扣 1 次发票鉴伪次数）').waitFor();
      const creditsForm = page.locator('form').nth(2);
      await creditsForm.getByLabel('账号手机号').fill('13800000001');
      await creditsForm.getByLabel('调整次数（负数为收回）').fill('2');
      await creditsForm.getByLabel('调整原因').fill('试用赠送');
      await creditsForm.getByRole('button', { name: /调\s*整/ }).click();
      await page.getByText('已调整，该账号当前剩余 2 次').waitFor();
      await screenshot(page, 'jianwei-operator-charge-1440');
      assert.deepEqual(operator.pageErrors, []);

      const user = await openPage(browser);
      try {
        await signIn(user.page, '13800000001');
        await user.page.goto(`${BASE_URL}/ticket/jianwei`);
        await user.page.getByText('按次扣费：每张使用 1 次发票鉴伪次数（剩余 2 次）', { exact: false }).waitFor();
        await user.page.getByRole('tab', { name: '手工录入' }).click();
        await user.page.getByLabel('发票号码').fill('24312000000136634919');
        await user.page.getByLabel('开票日期').fill('20240514');
        await user.page.getByLabel('第四要素').fill('1060.00');
        await user.page
          .getByRole('button', { name: '核 验' })
          .or(user.page.getByRole('button', { name: '核验', exact: true }))
          .click();
        await user.page.getByText('已核验 1 张，未能核验 0 个，扣除鉴伪次数 1 次').waitFor();
        await user.page.getByText('（剩余 1 次）', { exact: false }).waitFor();
        assert.deepEqual(user.pageErrors, []);
      } finally {
        await user.close();
      }

      // Back to the default (by price) for the tests after this one.
      await page
        .locator('.ant-table-tbody')
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await page.getByText('已删除该集团的专属设置').waitFor();
    } finally {
      await operator.close();
    }
  });
});
