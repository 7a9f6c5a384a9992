// Local helper (not committed): screenshots of given paths for a user at 1440 and 390 px.
import { chromium } from 'playwright-core';
import { resolveChromium } from './lib/chromium.js';

const [phone, ...paths] = process.argv.slice(2);
const base = 'http://127.0.0.1:3107';
const { executablePath, args } = await resolveChromium();
const browser = await chromium.launch({ executablePath, args, headless: true });
for (const width of [1440, 390]) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, locale: 'zh-CN', reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(`${base}/login`);
  await page.getByPlaceholder('请输入手机号').fill(phone ?? '13800000001');
  await page.getByPlaceholder(/请输入密码/).fill('Demo123456');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`${base}/home`);
  for (const p of paths) {
    await page.goto(`${base}${p}`);
    await page.waitForTimeout(2500);
    const sw = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    const name = `/tmp/h7shots/${p.replace(/[/?=&]/g, '_')}-${width}.png`;
    await page.screenshot({ path: name });
    console.log(name, 'scrollWidth', sw.join('/'));
  }
  await context.close();
}
await browser.close();
