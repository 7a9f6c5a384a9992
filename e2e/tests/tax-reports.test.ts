import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, apiData, sessionToken } from '../lib/api.js';
import { BASE_URL, openPage, screenshot, signIn, type TestPage, useBrowser } from '../lib/browser.js';
import { downloadReportPdf, holdReportNotification, setReportPeriod } from '../lib/reports.js';

/**
 * The yearly reports on the demo seed (statements and returns 2023–2025, invoices 2025): for
 * 经营（税务）风险检测 (/risk/report, nsfw) and 综合税务风险 (/comprehensive/report, swfxtj) a year
 * range without data is refused uncharged; 2023–2025 is requested, the pop-up brings its counts,
 * 查看 opens the report, its PDF names the company and the report, and the history lists it. A
 * staff member without the permissions is refused both pages. The database is shared with the
 * other test files, so no step relies on counts they may change.
 */
const browser = useBrowser();
const MAIN = '13800000001';
const COMPANY = '示例科技有限公司';
/** The demo seed's company of group 1 has a fixed id. */
const COMPANY_ID = 1;
const DOWNLOADS = mkdtempSync(path.join(os.tmpdir(), 'taxlens-tax-reports-'));

interface Kind {
  type: 'TAX' | 'COMPREHENSIVE';
  creditType: number;
  name: string;
  request: string;
  history: string;
  historyTestId: string;
  /** The pop-up's counts of this kind (spec §3 socket payload). */
  counts: RegExp;
  shot: string;
}

const KINDS: readonly Kind[] = [
  {
    type: 'TAX',
    creditType: 2,
    name: '经营（税务）风险检测报告',
    request: '/risk/report',
    history: '/risk/history',
    historyTestId: 'report-history-TAX',
    counts: /申报与财务核算风险 \d+[\s\S]*税种合规风险 \d+[\s\S]*经营风险 \d+/,
    shot: 'tax-report',
  },
  {
    type: 'COMPREHENSIVE',
    creditType: 3,
    name: '综合税务风险报告',
    request: '/comprehensive/report',
    history: '/comprehensive/history',
    historyTestId: 'report-history-COMPREHENSIVE',
    counts: /综合得分 \d+[\s\S]*高风险 \d+[\s\S]*中风险 \d+[\s\S]*低风险 \d+/,
    shot: 'comprehensive-report',
  },
];

const reportIds = new Map<Kind['type'], number>();

async function call<T>(page: Page, pathAndQuery: string, body?: unknown) {
  return apiCall<T>(pathAndQuery, { token: await sessionToken(page), body });
}

async function api<T>(page: Page, pathAndQuery: string, body?: unknown): Promise<T> {
  return apiData<T>(pathAndQuery, { token: await sessionToken(page), body });
}

async function credits(page: Page, type: number): Promise<number> {
  const details = await api<{ numberList: { type: number; count: number }[] }>(page, '/userInfo/findUserDetails');
  return details.numberList.find((item) => item.type === type)?.count ?? 0;
}

/** The request page with the demo company chosen and its data per year shown. */
async function openRequest(page: Page, kind: Kind): Promise<void> {
  await page.goto(`${BASE_URL}${kind.request}?firmId=${COMPANY_ID}`);
  await page.getByTestId(`report-request-${kind.type}`).waitFor();
  await page.locator('.ant-form-item').filter({ hasText: '检测企业' }).getByText(COMPANY).first().waitFor();
  await page.getByTestId('data-overview').getByText('报表与申报', { exact: true }).waitFor();
}

const compact = (text: string) => text.replace(/\s+/g, '');

describe('business (tax) risk and comprehensive tax risk reports', () => {
  let main: TestPage;
  before(async () => {
    main = await openPage(browser);
    await signIn(main.page, MAIN);
  });
  after(async () => {
    await main.close();
    rmSync(DOWNLOADS, { recursive: true, force: true });
  });

  for (const kind of KINDS) {
    it(`${kind.name}: years without statements or returns are refused uncharged`, async () => {
      const { page } = main;
      const before = await credits(page, kind.creditType);
      await openRequest(page, kind);
      await setReportPeriod(page, '2018', '2020');
      await page.getByTestId('no-data-in-period').waitFor();
      await page.getByTestId('ticket-submit').click();
      const missing = page.getByTestId('missing-data');
      await missing.waitFor();
      assert.match((await missing.textContent()) ?? '', /没有财务报表或纳税申报数据/);
      assert.match((await missing.textContent()) ?? '', /未扣费/);
      assert.equal(await credits(page, kind.creditType), before);
    });

    it(`${kind.name}: 2023–2025 is requested; the pop-up opens the report; its PDF`, async () => {
      const { page } = main;
      await openRequest(page, kind);
      // The last three years with statements or returns are chosen at the start.
      const inputs = page.getByTestId('ticket-period');
      await page.waitForFunction(
        () =>
          (document.querySelectorAll('[data-testid="ticket-period"]')[1] as HTMLInputElement | undefined)?.value ===
          '2025',
      );
      assert.equal(await inputs.nth(0).inputValue(), '2023');
      for (const year of [2023, 2024, 2025]) await page.getByTestId(`year-data-${year}`).waitFor();
      await page
        .getByTestId('report-cost')
        .getByText(new RegExp(`使用${kind.name}次数 1 次|从余额扣除`))
        .waitFor();
      await page.getByTestId('rule-scope').waitFor();
      await page.getByTestId('example-report').waitFor();
      await screenshot(page, `${kind.shot}-request`);

      await page.getByTestId('ticket-submit').click();
      await page.getByText('已提交，报告生成中').waitFor();
      const popup = await holdReportNotification(page, `${kind.name}已生成`, 60_000);
      const text = (await popup.textContent()) ?? '';
      assert.match(text, new RegExp(COMPANY));
      assert.match(text, kind.counts);
      await page.getByTestId('current-report').getByText('已完成').waitFor();
      await screenshot(page, `${kind.shot}-notification`);

      await popup.getByTestId('report-notification-view').click();
      await page.waitForURL(new RegExp(`/risk/preview\\?type=${kind.type}&id=\\d+`));
      const id = Number(new URL(page.url()).searchParams.get('id'));
      reportIds.set(kind.type, id);
      await page.getByTestId('report-body').waitFor();
      await page.getByTestId('report-cover').getByText(COMPANY).waitFor();
      for (const section of ['summary', 'categories']) {
        assert.ok(await page.getByTestId(`section-${section}`).isVisible(), `section-${section}`);
      }
      await screenshot(page, `${kind.shot}-preview`);
      if (kind.type === 'COMPREHENSIVE') {
        // The score says how many rules it could check.
        const coverage = page.getByTestId('score-coverage');
        await coverage.scrollIntoViewIfNeeded();
        assert.match((await coverage.textContent()) ?? '', /共\d+项规则，已检测\d+项，数据不足\d+项/);
        await screenshot(page, `${kind.shot}-score`);
      }

      const pdf = await downloadReportPdf(page, DOWNLOADS);
      assert.ok(pdf.pages >= 2, `${pdf.pages} pages`);
      assert.ok(compact(pdf.text).includes(COMPANY), 'the PDF names the company');
      assert.ok(compact(pdf.text).includes(kind.name), 'the PDF names the report');
    });

    it(`${kind.name}: the history lists the report`, async () => {
      const id = reportIds.get(kind.type);
      assert.ok(id, 'needs the report of the request test');
      const { page } = main;
      await page.goto(`${BASE_URL}${kind.history}`);
      await page.getByTestId(kind.historyTestId).waitFor();
      const keyword = page.getByPlaceholder('企业名称或纳税人识别号');
      await keyword.fill('示例科技');
      await keyword.press('Enter');
      const row = page.locator(`tr[data-report-id="${id}"]`);
      await row.getByText('已完成').waitFor();
      await row.getByText('2023年 至 2025年').waitFor();
      if (kind.type === 'COMPREHENSIVE')
        await row
          .getByTestId('row-score')
          .getByText(/^\d+ 分$/)
          .waitFor();
      else
        await row
          .getByTestId('row-categories')
          .getByText(/^申报 \d+ · 税种 \d+ · 经营 \d+$/)
          .waitFor();
      // Only this kind is listed: no invoice report rows.
      const kinds = await api<{ list: { reportType: string }[] }>(
        page,
        `/ReportPool/list?page=1&size=50&reportType=${kind.type}`,
      );
      assert.ok(kinds.list.every((item) => item.reportType === kind.type));
      // The filtered list as Excel: an xlsx (zip) file under the list's name.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('report-history-export').click(),
      ]);
      assert.equal(download.suggestedFilename(), '报告列表.xlsx');
      const saved = path.join(os.tmpdir(), `report-list-${Date.now()}.xlsx`);
      await download.saveAs(saved);
      assert.equal(readFileSync(saved).subarray(0, 2).toString(), 'PK');
      rmSync(saved, { force: true });
      await screenshot(page, `${kind.shot}-history`);
      assert.deepEqual(main.pageErrors, []);
    });
  }

  it('staff without 经营风险检测 and 税务风险体检 are refused both pages and the API', async () => {
    const phone = `166${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const pwd = 'Staff12345';
    await api(main.page, '/userInfo/addChildAccount', {
      phone,
      pwd,
      level: 3,
      nickName: '无风险检测员工',
      notMenus: [
        { type: 0, permission: 'nsfw' },
        { type: 0, permission: 'swfxtj' },
      ],
    });
    const staff = await openPage(browser);
    try {
      const { page } = staff;
      await signIn(page, phone, pwd);
      // Neither page is in the menu.
      const aside = page.getByTestId('second-aside');
      await aside.getByText('发票穿透', { exact: true }).waitFor();
      assert.equal(await aside.getByText('经营风险检测').count(), 0);
      assert.equal(await aside.getByText('综合税务风险').count(), 0);
      for (const target of ['/risk/report', '/risk/history', '/comprehensive/report', '/comprehensive/history']) {
        await page.goto(`${BASE_URL}${target}`);
        await page.waitForURL(`${BASE_URL}/404`);
      }
      const refused = await call(page, '/ReportPool/create', {
        firmId: COMPANY_ID,
        reportType: 'TAX',
        periodStart: '2023-01',
        periodEnd: '2025-12',
      });
      assert.equal(refused.status, 403);
      assert.deepEqual(staff.pageErrors, []);
    } finally {
      await staff.close();
    }
  });
});
