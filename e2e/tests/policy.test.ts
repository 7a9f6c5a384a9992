import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiData, sessionToken } from '../lib/api.js';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

describe('policy tools', () => {
  it('残保金 calculator: works a case line by line and exports the working', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/canbaojin`);
        // No region chosen: the national floor 1.5%. 200 × 1.5% − 1 = 2; 2 × 120,000.00 × 90% = 216,000.00.
        await page.getByTestId('levy-staff').fill('200');
        await page.getByTestId('levy-disabled').fill('1');
        await page.getByTestId('levy-wages').fill('24000000');
        await page.getByTestId('levy-local-wage').fill('100000');
        await page.getByTestId('levy-calculate').click();
        const result = page.getByTestId('levy-result');
        await result.getByText('216,000.00元').waitFor();
        assert.match((await result.textContent()) ?? '', /按应缴费额90%征收（财政部公告2023年第8号）/);
        await result.scrollIntoViewIfNeeded();
        await screenshot(page, `policy-canbaojin-${width}`);
        if (width === 1440) {
          const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('levy-export').click()]);
          assert.equal(file.suggestedFilename(), '残保金计算过程-2025年度.xlsx');
        }
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });

  it('policy library: the group with the full-text right lands on /policy2, finds and opens a document', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 900 });
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/policy`);
        await page.waitForURL(/\/policy2/);
        await page.getByTestId('policy-keyword').locator('input').fill('研发费用');
        await page.getByTestId('policy-keyword').locator('input').press('Enter');
        const hit = page.getByTestId('policy-hit').first();
        await hit.locator('mark', { hasText: '研发费用' }).first().waitFor();
        assert.match((await hit.textContent()) ?? '', /财政部 税务总局公告2023年第7号/);
        await screenshot(page, `policy-library-${width}`);
        await hit.getByRole('link').click();
        await page.waitForURL(/\/policy\/detail/);
        await page.getByTestId('policy-article').first().waitFor();
        await page.getByText('相关文件').waitFor();
        await screenshot(page, `policy-detail-${width}`);
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });

  it('the content operator edits a region’s 残保金 ratio in the console', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await page.goto(`${BASE_URL}/operator/login`);
      await page.getByLabel('手机号').fill('13700000003');
      await page.getByLabel('密码').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL(/\/operator\/(?!login)/);
      await page.goto(`${BASE_URL}/operator/disability-ratios`);
      const row = page.locator('.ant-table-row', { hasText: '上海市' });
      await row.getByText('1.60%').waitFor();
      await row.getByRole('button').click();
      await page.locator('.ant-input-number input').fill('1.65');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await row.getByText('1.65%').waitFor();
      await screenshot(page, 'policy-operator-ratios-1440');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
  it('the guide page names the version; coming back from a document keeps the search', async () => {
    for (const width of [1440, 390]) {
      const { page, pageErrors, close } = await openPage(browser, { width, height: 700 });
      try {
        await signIn(page, '13800000001');
        await page.goto(`${BASE_URL}/guide-page/policy`);
        await page.getByTestId('policy-guide-full').getByText('当前使用').waitFor();
        await screenshot(page, `policy-guide-${width}`);
        await page.goto(`${BASE_URL}/policy2?keyword=${encodeURIComponent('企业所得税')}`);
        await page.getByTestId('policy-hit').nth(5).waitFor();
        // Scroll the content pane so the sixth hit is at the top, then open it.
        const left = await page.evaluate(() => {
          const pane = document.querySelector<HTMLElement>('.tl-content');
          const hit = document.querySelectorAll<HTMLElement>('[data-testid="policy-hit"]')[5];
          if (!pane || !hit) return -1;
          pane.scrollTop += hit.getBoundingClientRect().top - pane.getBoundingClientRect().top;
          return pane.scrollTop;
        });
        assert.ok(left > 100, `the list scrolls (${left})`);
        await page.waitForTimeout(150);
        await page.getByTestId('policy-hit').nth(5).getByRole('link').click();
        await page.waitForURL(/\/policy\/detail/);
        await page.goBack();
        await page.getByTestId('policy-hit').nth(5).waitFor();
        assert.equal(await page.getByTestId('policy-keyword').locator('input').inputValue(), '企业所得税');
        // Kept alive: the pane comes back where it was left.
        await page.waitForFunction(
          (expected) => Math.abs((document.querySelector('.tl-content')?.scrollTop ?? 0) - expected) <= 2,
          left,
          { timeout: 5_000 },
        );
        // The basic library's address sends the full-text group on with its query.
        await page.goto(`${BASE_URL}/policy?keyword=${encodeURIComponent('印花税')}`);
        await page.waitForURL(/\/policy2\?keyword=/);
        assert.equal(await page.getByTestId('policy-keyword').locator('input').inputValue(), '印花税');
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    }
  });

  it('a report finding’s basis links the cited 文号 to its document in the library', async () => {
    const { page, pageErrors, close } = await openPage(browser, { width: 1440, height: 900 });
    try {
      await signIn(page, '13800000001');
      const token = await sessionToken(page);
      const { reportId } = await apiData<{ reportId: number }>('/ReportPool/create', {
        token,
        body: { firmId: 1, reportType: 'TAX', periodStart: '2023-01', periodEnd: '2025-12' },
      });
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const detail = await apiData<{ status: string }>(`/ReportPool/detail?id=${reportId}`, { token });
        if (detail.status === 'done') break;
        assert.notEqual(detail.status, 'failed');
        await page.waitForTimeout(300);
      }
      await page.goto(`${BASE_URL}/risk/preview?type=TAX&id=${reportId}`);
      await page.getByTestId('report-body').waitFor();
      // Show every finding of each category (the 数据不足 cards cite 国税发〔2005〕43号 on the demo data).
      const filters = page.locator('.tl-findings-filter');
      for (let index = 0; index < (await filters.count()); index += 1) {
        await filters.nth(index).getByText(/^全部/).click();
      }
      // 《纳税评估管理办法（试行）》 is in the demo library; numbers it lacks stay plain text.
      const link = page.getByTestId('basis-link').filter({ hasText: '国税发〔2005〕43号' }).first();
      await link.scrollIntoViewIfNeeded();
      await screenshot(page, 'policy-basis-link-1440');
      await link.click();
      await page.waitForURL(/\/policy\/detail\?id=\d+/);
      // The detail's own content, not the report's basis text still on screen while the page changes.
      await page.getByTestId('policy-article').first().waitFor();
      await page.getByTestId('page-content').getByText('国税发〔2005〕43号').first().waitFor();
      assert.match((await page.getByTestId('page-content').textContent()) ?? '', /纳税评估管理办法/);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });

  it('the content operator imports a document from a txt file; a customer finds it by a word inside an article', async () => {
    const stamp = Date.now() % 100000;
    const docNo = `测试税务公告2026年第${stamp}号`;
    const operator = await openPage(browser, { width: 1440, height: 900 });
    const customer = await openPage(browser, { width: 390, height: 800 });
    try {
      const { page } = operator;
      await page.goto(`${BASE_URL}/operator/login`);
      await page.getByLabel('手机号').fill('13700000003');
      await page.getByLabel('密码').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL(/\/operator\/(?!login)/);
      await page.goto(`${BASE_URL}/operator/policy-documents`);
      await page.getByTestId('policy-admin-submit').waitFor();
      const field = (label: string) => page.locator('.ant-form-item').filter({ hasText: label }).first();
      await field('文号').locator('input').fill(docNo);
      await field('标题').locator('input').fill('关于蔓越莓补贴核算的测试公告');
      await field('发文机关').locator('input').fill('测试税务局');
      await field('发文日期').locator('input').fill('2026-03-02');
      await field('发文日期').locator('input').press('Enter');
      await field('税种').locator('input').fill('企业所得税');
      await field('来源').locator('input').fill('测试编写');
      await field('摘要').locator('textarea').fill('测试用公告，正文两条。');
      await page.locator('input[type=file]').setInputFiles({
        name: 'notice.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(
          '第一条 为规范补贴收入的核算，制定本公告。\n第二条 企业取得的蔓越莓种植补贴，应当计入当期收入总额。\n',
        ),
      });
      await page.getByTestId('policy-admin-submit').click();
      await page.getByText('已导入，共 2 条').waitFor();
      const row = page.locator('.ant-table-row', { hasText: docNo });
      await row.waitFor();
      await screenshot(page, 'policy-operator-documents-1440');

      await signIn(customer.page, '13800000001');
      await customer.page.goto(`${BASE_URL}/policy2?keyword=${encodeURIComponent('种植补贴')}`);
      const hit = customer.page.getByTestId('policy-hit').filter({ hasText: docNo });
      await hit.locator('mark').first().waitFor();
      await screenshot(customer.page, 'policy-operator-imported-found-390');

      // Deleting asks first; afterwards the customer no longer finds it.
      await row.getByRole('button', { name: /删\s*除/ }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.getByText('已删除').waitFor();
      await row.waitFor({ state: 'detached' });
      await customer.page.reload();
      await customer.page.getByTestId('policy-keyword').waitFor();
      await customer.page.waitForLoadState('networkidle');
      assert.equal(await customer.page.getByTestId('policy-hit').filter({ hasText: docNo }).count(), 0);
      assert.deepEqual(operator.pageErrors, []);
      assert.deepEqual(customer.pageErrors, []);
    } finally {
      await operator.close();
      await customer.close();
    }
  });
});
