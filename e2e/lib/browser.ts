import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const DEMO_PASSWORD = 'Demo123456';
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

export interface DemoUser {
  phone: string;
  maskedPhone: string;
  nickName: string;
  groupName: string;
  level: 1 | 2 | 3;
  levelLabel: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    phone: '13800000001',
    maskedPhone: '138****0001',
    nickName: '张主账号',
    groupName: '示例财税咨询有限公司',
    level: 1,
    levelLabel: '主账号',
  },
  {
    phone: '13800000002',
    maskedPhone: '138****0002',
    nickName: '李主管',
    groupName: '示例财税咨询有限公司',
    level: 2,
    levelLabel: '主管',
  },
  {
    phone: '13800000003',
    maskedPhone: '138****0003',
    nickName: '王员工',
    groupName: '示例财税咨询有限公司',
    level: 3,
    levelLabel: '员工',
  },
  {
    phone: '13900000001',
    maskedPhone: '139****0001',
    nickName: '赵主账号',
    groupName: '演示会计师事务所',
    level: 1,
    levelLabel: '主账号',
  },
];

let browser: Browser | null = null;

/** Connects the test file to the one Chromium that run-e2e.ts launched (or launches its own). */
export function useBrowser(): () => Browser {
  before(async () => {
    const endpoint = process.env.E2E_WS_ENDPOINT;
    if (endpoint) {
      browser = await chromium.connect(endpoint);
    } else {
      const { resolveChromium } = await import('./chromium.js');
      const { executablePath, args } = await resolveChromium();
      browser = await chromium.launch({ executablePath, args, headless: true });
    }
  });
  after(async () => {
    await browser?.close();
    browser = null;
  });
  return () => {
    if (!browser) throw new Error('browser not started');
    return browser;
  };
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors seen so far; a test fails when there are any. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** A fresh context (own cookies and storage) per test. */
export async function openPage(browserOf: () => Browser, viewport = { width: 1440, height: 900 }): Promise<TestPage> {
  const context = await browserOf().newContext({
    viewport,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The client then turns antd's animations off (theme.ts): no click lands on a dialog mid-zoom.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Closing a context while its page navigates can hang in Chromium; never let that stall the run.
  const close = () =>
    Promise.race([context.close(), new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())]);
  return { context, page, pageErrors, close };
}

/** Marks the current document, so a test can wait until a full page load has replaced it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { e2eMarker?: boolean }).e2eMarker = true;
  });
}

export async function waitForNewDocument(page: Page): Promise<void> {
  await page.waitForFunction(() => !(window as unknown as { e2eMarker?: boolean }).e2eMarker);
  await page.waitForLoadState('load');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Let fonts and antd's motion settle so the picture shows the finished state.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

export async function signIn(page: Page, phone: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder(/请输入密码/).fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`${BASE_URL}/home`);
  await page.getByTestId('home-greeting').waitFor();
}

/** Waits until the page's socket is open (an event sent before that is not replayed to it). */
export async function waitForRealtime(page: Page): Promise<void> {
  await page.locator('html[data-realtime="open"]').waitFor({ state: 'attached' });
}

export async function openUserPopover(page: Page) {
  await page.getByTestId('user-trigger').click();
  const popover = page.getByTestId('user-popover');
  await popover.waitFor();
  return popover;
}

/**
 * After an operator changed a group's service flags: reloads /home (which re-reads the session
 * user in the background) and waits until the stored record has the new value. Waiting for the
 * findUserLoginInfo response is not enough: the page stores it only after parsing it, and a
 * navigation in between keeps the old record.
 */
export async function reloadServiceRight(page: Page, right: string, value: number): Promise<void> {
  await page.goto(`${BASE_URL}/home`);
  await page.waitForFunction(
    ([key, expected]) =>
      JSON.parse(sessionStorage.getItem('taxlens.session') ?? '{}').user?.serviceRights?.[key] === expected,
    [right, value] as const,
  );
}
