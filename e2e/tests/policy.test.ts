import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
});
