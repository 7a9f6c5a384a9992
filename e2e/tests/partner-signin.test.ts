import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BASE_URL, openPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/**
 * Issue 20: the page the partner platform sends its users to (/auvgo?code=). The e2e server has no
 * partner configured, so the server's refusal is what the page must show (the signed-in path is
 * covered against a local OAuth fake in apps/server partner-sso.test.ts).
 */
describe('partner sign-in page', () => {
  it('says why it cannot sign in (no code; partner sign-on not enabled) and offers the login page', async () => {
    const { page, pageErrors, close } = await openPage(browser);
    try {
      await page.goto(`${BASE_URL}/auvgo`);
      await page.getByTestId('partner-signin-failed').getByText('链接缺少授权码，请从合作平台重新进入。').waitFor();
      await page.goto(`${BASE_URL}/auvgo?code=one-time-code-123`);
      const failed = page.getByTestId('partner-signin-failed');
      await failed.getByText('未开通合作平台登录').waitFor();
      await failed.getByRole('button', { name: '使用账号密码登录' }).click();
      await page.waitForURL(`${BASE_URL}/login`);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
