import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';
import { downloadReportPdf } from '../lib/reports.js';

const browser = useBrowser();
const DOWNLOADS = mkdtempSync(path.join(os.tmpdir(), 'taxlens-company-data-'));

/** The page's own content ends inside the viewport (tables scroll inside their own box). */
function fits(page: import('playwright-core').Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const content = document.querySelector(sel);
    return content !== null && content.getBoundingClientRect().right <= window.innerWidth + 1;
  }, selector);
}

describe('company data', () => {
  it('tax credit query: searches a company and shows its A-level years with the source', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/tax`);
        await page.getByTestId('tax-search').locator('input').fill('示例科技');
        await page.getByTestId('tax-search').locator('input').press('Enter');
        await page.waitForURL(/\/tax\/list/);
        const card = page.getByTestId('tax-result').filter({ hasText: '示例科技有限公司' });
        await card.getByText('2024年度 A级').waitFor();
        assert.match((await card.textContent()) ?? '', /来源：示例数据（虚构，仅供演示），数据截至2025-10-31/);
        assert.equal(await fits(page, '[data-testid="tax-credit-page"]'), true);
        await screenshot(page, `company-data-tax-${width}`);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });

  it('tax-illegal cases: lists, filters and opens a case with its published fields', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, '13800000001');
      await page.goto(`${BASE_URL}/big-case`);
      await page.getByText('查看').first().waitFor();
      await screenshot(page, 'company-data-big-case-1440');
      await page.getByText('查看').first().click();
      await page.getByTestId('big-case-detail').getByText('主要违法事实').waitFor();
      await page.getByText('相关法律依据及税务处理处罚情况').waitFor();
      await screenshot(page, 'company-data-big-case-detail-1440');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('invoice violation query: the demo company’s listed counterparties and one detail', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/ticket/right`);
        await page.getByTestId('ticket-right-open').click();
        await page.waitForURL(/\/ticket\/right\/list/);
        await page.getByTestId('ticket-right-list').getByText('非正常户').first().waitFor();
        assert.equal(await fits(page, '[data-testid="ticket-right-list"]'), true);
        await screenshot(page, `company-data-ticket-right-${width}`);
        if (width === 1440) {
          await page.getByTestId('ticket-right-list').locator('a').filter({ hasText: '示例' }).first().click();
          await page.getByTestId('ticket-right-detail').getByText('公开记录').waitFor();
          await screenshot(page, 'company-data-ticket-right-detail-1440');
        }
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });

  for (const kind of [
    { type: 'PANORAMIC', name: '全景报告', history: /\/p-report\/history/, section: '风险信息' },
    {
      type: 'BUSINESS_INFO',
      name: '工商信息报告',
      history: /\/p-report-list\?type=BUSINESS_INFO/,
      section: '股东与人员',
    },
    {
      type: 'DUE_DILIGENCE',
      name: '尽职调查报告',
      history: /\/p-report-list\?type=DUE_DILIGENCE/,
      section: '综合评级',
    },
  ]) {
    it(`requests a ${kind.name} for the demo company, opens it and prints it`, async () => {
      const { page, pageErrors, close } = await openPage(browser);
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/p-report`);
        await page.getByTestId('provider-note').waitFor();
        await page.getByTestId('p-report-firm').click();
        await page.locator('.ant-select-item-option').filter({ hasText: '示例科技有限公司' }).first().click();
        await page.getByTestId(`p-report-type-${kind.type}`).click();
        if (kind.type === 'PANORAMIC') await screenshot(page, 'company-data-p-report-1440');
        await page.getByTestId('p-report-create').click();
        await page.waitForURL(kind.history);
        await page.getByTestId('p-report-open').first().waitFor({ timeout: 60_000 });
        await page.getByTestId('p-report-open').first().click();
        await page.waitForURL(/\/risk\/preview/);
        await page.getByText('91440305MA5TL00030').first().waitFor();
        await page.getByTestId('report-body').getByText(kind.section).first().waitFor();
        await screenshot(page, `company-data-${kind.type.toLowerCase()}-1440`);
        const pdf = await downloadReportPdf(page, DOWNLOADS);
        const text = pdf.text.replace(/\s+/g, '');
        assert.ok(text.includes('示例科技有限公司'), 'the PDF names the company');
        assert.ok(text.includes(kind.name), 'the PDF names the report');
        assert.ok(text.includes('数据截至') || text.includes('2025-10-31'), 'the PDF dates its data');
        // Client-facing text: no internal codes, no empty values, regulations by official name/number.
        for (const internal of [
          /CD_[A-Z_]+/,
          /\b(abnormal_operation|admin_penalty|major_tax_violation|builtin)\b/,
          /undefined|null|NaN|\[object/,
        ]) {
          assert.doesNotMatch(pdf.text, internal);
        }
        if (kind.type !== 'BUSINESS_INFO') assert.match(text, /《中华人民共和国行政处罚法》/);
        // The print view the PDF is made of, looked at as a page: no table column left empty.
        const id = new URL(page.url()).searchParams.get('id');
        await page.setViewportSize({ width: 794, height: 1123 });
        await page.goto(`${BASE_URL}/print/report/${id}`);
        await page.waitForFunction(() => (window as unknown as { __PRINT_READY__?: boolean }).__PRINT_READY__ === true);
        await page.getByTestId('print-cover').getByText('示例科技有限公司').waitFor();
        const emptyColumns = await page.evaluate(() =>
          [...document.querySelectorAll('.tl-print table')].flatMap((table) => {
            const rows = [...table.querySelectorAll('tbody tr')].map((row) =>
              [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? ''),
            );
            const headers = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent?.trim() ?? '');
            return headers.filter(
              (_, column) => rows.length > 0 && rows.every((row) => ['', '-'].includes(row[column] ?? '')),
            );
          }),
        );
        assert.deepEqual(emptyColumns, []);
        await page.screenshot({ path: path.join(DOWNLOADS, `print-${kind.type}.png`), fullPage: true });
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    });
  }

  it('bind dialog: looks a company up in the registry and fills the form', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/company/list`);
        await page.getByTestId('bind-company').click();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('registry-lookup').locator('input').fill('示例科技');
        await page.getByTestId('registry-option').filter({ hasText: '示例科技有限公司' }).first().click();
        assert.equal(await dialog.getByLabel('纳税人识别号').inputValue(), '91440305MA5TL00030');
        assert.equal(await dialog.getByLabel('企业名称').inputValue(), '示例科技有限公司');
        assert.notEqual(await dialog.getByLabel('法定代表人').inputValue(), '');
        await dialog.getByText(/数据来源：.*数据截至\d{4}-\d{2}-\d{2}/).waitFor();
        // The demo group has bound it already: the dialog says so before submitting.
        await dialog.getByTestId('already-bound').waitFor();
        await screenshot(page, `company-data-bind-lookup-${width}`);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });

  it('opens the free example of each company report from /p-report', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await signIn(page, '13800000001');
      for (const type of ['PANORAMIC', 'BUSINESS_INFO', 'DUE_DILIGENCE']) {
        await page.goto(`${BASE_URL}/p-report`);
        await page.getByTestId(`p-report-example-${type}`).click();
        await page.waitForURL(new RegExp(`/risk/preview\\?example=${type}`));
        await page.getByTestId('example-notice').waitFor();
        await page.getByText('样本科技有限公司（示例数据）').first().waitFor();
      }
      await page.getByText('综合评级').first().waitFor();
      await screenshot(page, 'company-data-example-due-1440');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('operator console: a dataset file with a bad row imports nothing and lists the row; the fixed file imports', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await page.goto(`${BASE_URL}/operator/login?redirect=${encodeURIComponent('/operator/company-data')}`);
        await page.getByLabel('手机号').fill('13700000003');
        await page.getByLabel('密码').fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: /登\s*录/ }).click();
        await page.getByTestId('company-data-console').waitFor();
        await page.getByTestId('cd-list').click();
        // The list of lists is long (a virtual list): search it.
        await page.keyboard.type('A级');
        await page.locator('.ant-select-item-option').filter({ hasText: '纳税信用A级纳税人名单' }).click();
        await page.getByLabel('数据来源').fill('国家税务总局示例省税务局公告');
        const year = 2014 + (width % 7);
        const upload = async (rows: string[]) => {
          const content = ['纳税人识别号,纳税人名称,评价年度', ...rows].join('\r\n');
          await page.locator('input[type=file]').setInputFiles({
            name: `A级名单-${width}.csv`,
            mimeType: 'text/csv',
            buffer: Buffer.from(content, 'utf8'),
          });
          await page.getByTestId('cd-import').click();
        };
        await upload([`91440300MA5TL00049,示例物流有限公司,${year}`, `BAD-CODE,错误行公司,${year}`]);
        const result = page.getByTestId('cd-import-result');
        await result.getByText(/文件有 1 处错误，未导入任何数据/).waitFor();
        await result.getByText('统一社会信用代码').first().waitFor();
        await screenshot(page, `company-data-operator-rejected-${width}`);
        assert.doesNotMatch((await page.getByTestId('cd-list').textContent()) ?? '', /credit|registry|risk/);
        if (width === 390) {
          assert.deepEqual(pageErrors, []);
          continue;
        }
        await upload([`91440300MA5TL00049,示例物流有限公司,${year}`]);
        await result.getByText(/已导入 1 行/).waitFor();
        await page.getByTestId('cd-versions').getByText('生效').first().waitFor();
        await page.getByTestId('cd-vendor').getByText('内置数据').waitFor();
        await screenshot(page, `company-data-operator-${width}`);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });
});
