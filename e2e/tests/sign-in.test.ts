import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BASE_URL, DEMO_USERS, openPage, openUserPopover, screenshot, signIn, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

describe('sign-in and main layout for each demo user', () => {
  for (const user of DEMO_USERS) {
    it(`${user.phone} (${user.levelLabel}, ${user.groupName}) sees the header, menu and popover`, async () => {
      const { page, pageErrors, close } = await openPage(browser);
      try {
        await signIn(page, user.phone);
        assert.equal(await page.title(), '工作台 - 税镜 TaxLens');

        const group = await page.getByTestId('header-group').textContent();
        assert.equal(group?.trim(), user.groupName);
        const greeting = (await page.getByTestId('home-greeting').textContent()) ?? '';
        assert.match(greeting, new RegExp(`${user.nickName}`));
        assert.match(greeting, new RegExp(user.maskedPhone.replace(/\*/g, '\\*')));

        // Left icon menu in spec order: 首页 works; a group whose pages the user lacks is hidden,
        // one without pages yet is disabled (即将上线).
        const menu = page.getByTestId('icon-menu');
        const labels = (await menu.locator('[data-menu-group]').allTextContents()).map((text) => text.trim());
        const groups = ['首页', '赋能服务', '智能拓客', '企业管理', '充值管理'];
        assert.deepEqual(
          labels,
          groups.filter((label) => labels.includes(label)),
        );
        assert.equal(labels[0], '首页');
        assert.equal(await menu.locator('[data-menu-group="home"]').getAttribute('aria-current'), 'page');
        // 企业管理 holds user management, open to the main account and supervisors (spec §6).
        if (user.level !== 3) {
          assert.equal(await menu.locator('[data-menu-group="company"]').getAttribute('aria-disabled'), null);
        }
        const comingSoon = menu.locator('[aria-disabled="true"]').first();
        if ((await comingSoon.count()) > 0) {
          await comingSoon.hover();
          await page.getByRole('tooltip', { name: '即将上线' }).waitFor();
        }

        const balance = (await page.getByTestId('stat-balance').textContent()) ?? '';
        assert.match(balance, /\d{1,3}(,\d{3})*\.\d{2}/);
        await page.mouse.move(900, 760);
        await screenshot(page, `home-${user.phone}`);

        const popover = await openUserPopover(page);
        assert.equal((await popover.getByTestId('user-phone').textContent())?.trim(), user.maskedPhone);
        assert.equal((await popover.getByTestId('user-group').textContent())?.trim(), user.groupName);
        assert.equal((await popover.getByTestId('user-level').textContent())?.trim(), user.levelLabel);
        assert.match((await popover.getByTestId('balance').textContent()) ?? '', /^¥ [\d,]+\.\d{2}$/);

        // The eye toggle hides the balance everywhere.
        await popover.getByRole('button', { name: '隐藏余额' }).click();
        assert.equal((await popover.getByTestId('balance').textContent())?.trim(), '******');
        assert.match((await page.getByTestId('stat-balance').textContent()) ?? '', /\*{6}/);
        await popover.getByRole('button', { name: '显示余额' }).click();
        if (user.phone === DEMO_USERS[0]?.phone) await screenshot(page, 'user-popover');
        assert.deepEqual(pageErrors, []);
      } finally {
        await close();
      }
    });
  }

  it('renders Chinese with the self-hosted Noto Sans SC font or a system CJK font', async () => {
    const { page, close } = await openPage(browser);
    try {
      await page.goto(`${BASE_URL}/login`);
      await page.getByTestId('login-form').waitFor();
      // The font's @font-face rules load just after the first paint.
      await page.waitForFunction(() => [...document.fonts].some((face) => face.family.includes('Noto Sans SC')));
      const fonts = await page.evaluate(async () => {
        const loaded = await document.fonts.load('16px "Noto Sans SC"', '税镜风险');
        const family = getComputedStyle(document.querySelector('.tl-app') ?? document.body).fontFamily;
        return {
          loaded: loaded.length,
          check: document.fonts.check('16px "Noto Sans SC"', '税镜风险'),
          family,
        };
      });
      assert.ok(fonts.loaded > 0, 'the Noto Sans SC web font could not be loaded from the server');
      assert.ok(fonts.check, 'Noto Sans SC is not available for Chinese text');
      assert.match(fonts.family, /Noto Sans SC/);
      assert.match(fonts.family, /PingFang SC|Microsoft YaHei|Noto Sans CJK SC/);
      // Tofu boxes all share one width; real glyphs of different characters differ.
      const widths = await page.evaluate(() => {
        const canvas = document.createElement('canvas').getContext('2d');
        if (!canvas) return [];
        canvas.font = '32px "Noto Sans SC"';
        return ['税', '一', '镜'].map((char) => canvas.measureText(char).width);
      });
      assert.ok(
        widths.every((width) => width > 20),
        `unexpected glyph widths ${widths.join(', ')}`,
      );
    } finally {
      await close();
    }
  });
});
