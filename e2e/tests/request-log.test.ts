import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { apiData, sessionToken } from '../lib/api.js';
import { BASE_URL, openPage, signIn, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** Issue 12: no token (session, share link) reaches the server's request log in a browser session. */
describe('request log', () => {
  it('holds the requests of a browser session but none of its tokens', async () => {
    const logFile = process.env.E2E_SERVER_LOG;
    assert.ok(logFile, 'run through run-e2e.ts, which names the server log');
    const { page, close } = await openPage(browser);
    try {
      const socket = page.waitForEvent('websocket');
      await signIn(page, '13800000001');
      const ws = await socket;
      assert.match(ws.url(), /\/webSocket\/\d+$/);
      const token = await sessionToken(page);
      await page.goto(`${BASE_URL}/companies`);
      await page.waitForLoadState('networkidle');
      // A share link opened the way the client opens it: its token is in the page address.
      const link = await apiData<{ url: string }>('/userInfo/generateQrCode', { token, body: { expiresInDays: 1 } });
      const shareToken = new URL(link.url).searchParams.get('token');
      assert.ok(shareToken);
      await page.goto(`${BASE_URL}/share/bind?token=${shareToken}`);
      await page.waitForLoadState('networkidle');

      // The server writes its log asynchronously in chunks, flushed at least every second.
      let log = '';
      for (let waited = 0; waited < 5000 && !log.includes('/share/bind?token=[redacted]'); waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        log = await readFile(logFile, 'utf8');
      }
      // The log does hold this session's requests (so the check below can fail)...
      assert.match(log, /"url":"\/api\/userInfo\/findUserLoginInfo/);
      assert.match(log, /"url":"\/webSocket\/\d+"/);
      assert.match(log, /"url":"\/share\/bind\?token=\[redacted\]"/);
      // ...and none of its tokens.
      assert.equal(log.includes(token), false, 'session token in the request log');
      assert.equal(log.includes(shareToken), false, 'share token in the request log');
    } finally {
      await close();
    }
  });
});
