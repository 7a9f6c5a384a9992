import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiData, sessionToken } from '../lib/api.js';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, useBrowser } from '../lib/browser.js';
import { apiLogin } from '../lib/companies.js';

const browser = useBrowser();

/** Issue 20: the invitation reward is set by the operator (运营) in the console. */
describe('partner invitation reward (operator console)', () => {
  it('an operator sets the reward; the firms read the new reward', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await page.goto(`${BASE_URL}/operator/login`);
      await page.getByLabel('手机号').fill('13700000001');
      await page.getByLabel('密码').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/operator') && url.pathname !== '/operator/login');
      await page.goto(`${BASE_URL}/operator/partner-reward`);
      const form = page.getByTestId('partner-reward-form');
      await form.waitFor();
      const before = await apiData<{ creditType: number; count: number }>('/operator/partnerInvite/reward', {
        token: await sessionToken(page),
      });
      const count = before.count === 3 ? 4 : 3;
      await form.getByLabel('奖励次数').fill(String(count));
      await form.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('已保存').first().waitFor();
      await screenshot(page, 'operator-partner-reward');
      const after = await apiData<{ creditType: number; count: number }>('/operator/partnerInvite/reward', {
        token: await sessionToken(page),
      });
      assert.equal(after.count, count);
      const firm = await apiData<{ count: number }>('/PartnerInviteRecord/reward', {
        token: await apiLogin('13800000001'),
      });
      assert.equal(firm.count, count);
      // The other test files expect the seeded reward: put it back.
      await apiData('/operator/partnerInvite/reward', { token: await sessionToken(page), body: before });
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
