import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildBadFiles, buildInvoiceBatch } from '@taxlens/engine/verification-fixtures';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';

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
      await page.getByRole('button', { name: /开始核验（7 个文件）/ }).click();
      await page.getByText('已核验 6 张，未能核验 1 个').waitFor({ timeout: 60_000 });
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
      await page.goto(`${BASE_URL}/ticket/jianwei/history`);
      await page.locator('.ant-table').waitFor();
      assert.ok(await fits(page), 'the history page is wider than the screen');
      await screenshot(page, 'jianwei-history-390');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
