import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { apiData, sessionToken } from '../lib/api.js';
import { BASE_URL, openPage, screenshot, signIn, type TestPage, useBrowser } from '../lib/browser.js';
import { downloadReportPdf, holdReportNotification, setReportPeriod } from '../lib/reports.js';

/**
 * The invoice report flow on the demo seed: request on /ticket, the pop-up, the report view with
 * an annotation, the PDF (text checked with unpdf), the watermark in a new PDF, the print view
 * at A4, the histories and deleting. The database is shared with the other test files, so no
 * step relies on counts they may change (credits, unread numbers, list lengths).
 */
const browser = useBrowser();
const MAIN = '13800000001';
const COMPANY = '示例科技有限公司';
/** The demo seed's company of group 1 has a fixed id. */
const COMPANY_ID = 1;
const NOTE = `夜间开票系境外客户时差所致，已取得合同佐证（E2E ${Date.now() % 100000}）`;
const WATERMARK = `示例财税内部资料${Date.now() % 10000}`;
const DOWNLOADS = mkdtempSync(path.join(os.tmpdir(), 'taxlens-reports-'));

const state: { reportId: number | null; findingTitle: string | null } = { reportId: null, findingTitle: null };

async function api<T>(page: Page, pathAndQuery: string): Promise<T> {
  return apiData<T>(pathAndQuery, { token: await sessionToken(page) });
}

async function invoiceCredits(page: Page): Promise<number> {
  const details = await api<{ numberList: { type: number; count: number }[] }>(page, '/userInfo/findUserDetails');
  return details.numberList.find((item) => item.type === 1)?.count ?? 0;
}

/** /ticket?firmId= preselects the company; its data overview has loaded. */
async function companyChosen(page: Page): Promise<void> {
  await page.locator('.ant-form-item').filter({ hasText: '检测企业' }).getByText(COMPANY).first().waitFor();
  await page.getByTestId('data-overview').getByText('数据范围').waitFor();
}

describe('invoice penetration reports', () => {
  // One signed-in page for the whole flow: node:test's time-out (90 s) bounds the whole file.
  let main: TestPage;
  before(async () => {
    main = await openPage(browser);
    await signIn(main.page, MAIN);
  });
  after(async () => {
    await main.close();
    rmSync(DOWNLOADS, { recursive: true, force: true });
  });

  it('on /ticket a period without data is refused uncharged', async () => {
    const { page } = main;
    const before = await invoiceCredits(page);
    await page.goto(`${BASE_URL}/ticket?firmId=${COMPANY_ID}`);
    await companyChosen(page);
    await setReportPeriod(page, '2023-01', '2023-12');
    await page.getByTestId('no-data-in-period').waitFor();
    await page.getByTestId('ticket-submit').click();
    const missing = page.getByTestId('missing-data');
    await missing.waitFor();
    assert.match((await missing.textContent()) ?? '', /2023-01 至 2023-12 没有发票数据/);
    assert.match((await missing.textContent()) ?? '', /未扣费/);
    assert.equal(await invoiceCredits(page), before);
  });

  it('requests the report; the pop-up arrives with its counts and opens it', async () => {
    const { page } = main;
    await page.goto(`${BASE_URL}/ticket?firmId=${COMPANY_ID}`);
    await companyChosen(page);
    // The period starts on the last 12 months that have data.
    const overview = await api<{ invoices: { lastMonth: string } }>(
      page,
      `/CsbFirmCertification/dataOverview?firmId=${COMPANY_ID}`,
    );
    const inputs = page.getByTestId('ticket-period');
    await page.waitForFunction(
      (last) =>
        (document.querySelectorAll('[data-testid="ticket-period"]')[1] as HTMLInputElement | undefined)?.value === last,
      overview.invoices.lastMonth,
    );
    if ((await inputs.nth(0).inputValue()) !== '2025-01' || (await inputs.nth(1).inputValue()) !== '2025-12') {
      await setReportPeriod(page, '2025-01', '2025-12');
    }
    await page
      .getByTestId('report-cost')
      .getByText(/使用发票穿透报告次数 1 次|从余额扣除/)
      .waitFor();
    await page.getByTestId('rule-scope').waitFor();
    await screenshot(page, 'reports-ticket');

    await page.getByTestId('ticket-submit').click();
    await page.getByText('已提交，报告生成中').waitFor();
    // The worker finishes in seconds and the socket brings the pop-up (spec §4 state 1).
    const popup = await holdReportNotification(page, '发票穿透报告已生成', 30_000);
    assert.match((await popup.textContent()) ?? '', new RegExp(COMPANY));
    assert.match((await popup.textContent()) ?? '', /高风险 \d+[\s\S]*中风险 \d+[\s\S]*低风险 \d+/);
    await page.getByTestId('current-report').getByText('已完成').waitFor();
    await screenshot(page, 'reports-notification');
    // The header badge counts the unread report.
    const badge = page.locator('.tl-badge', { has: page.locator('[data-header-entry="all-reports"]') });
    await badge.locator('.tl-badge-count').waitFor();

    await popup.getByTestId('report-notification-view').click();
    await page.waitForURL(/\/risk\/preview\?type=INVOICE&id=\d+/);
    state.reportId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByTestId('report-cover').getByText(COMPANY).waitFor();
  });

  it('the report view: cover, sections, charts, sources; opened means read; a finding is annotated', async () => {
    assert.ok(state.reportId, 'needs the report of the request test');
    const { page } = main;
    await page.goto(`${BASE_URL}/risk/preview?type=INVOICE&id=${state.reportId}`);
    const cover = page.getByTestId('report-cover');
    await cover.getByText(COMPANY).waitFor();
    await cover.getByText('2025年01月 至 2025年12月').waitFor();
    await page.getByTestId('report-level').locator('.tl-level-tag').waitFor();
    for (const section of ['overview', 'counterparties', 'goods', 'findings', 'sources']) {
      await page.getByTestId(`section-${section}`).waitFor();
    }
    for (const chart of ['chart-month', 'chart-rate', 'chart-kind', 'chart-red-void']) {
      await page.getByTestId(chart).locator('svg').first().waitFor();
    }
    await page.getByTestId('customers').locator('tbody tr').first().waitFor();
    // Where every figure came from: the import file, who uploaded it, when.
    await page
      .getByTestId('sources')
      .getByText(/\.xlsx|\.csv/)
      .first()
      .waitFor();
    await page.waitForTimeout(600);
    await screenshot(page, 'reports-preview');

    const detail = await api<{ read: boolean; findings: { ruleId: string; level: string; title: string }[] }>(
      page,
      `/ReportPool/detail?id=${state.reportId}`,
    );
    assert.equal(detail.read, true, 'opening the report marks it read');
    const risky = detail.findings.find((finding) => ['high', 'medium', 'low'].includes(finding.level));
    assert.ok(risky, 'the demo data has at least one risk finding');
    state.findingTitle = risky.title;

    const card = page.getByTestId(`finding-${risky.ruleId}`);
    await card.scrollIntoViewIfNeeded();
    await card.getByText('判定标准').waitFor();
    await card.getByText('依据', { exact: true }).waitFor();
    await card.getByText('建议', { exact: true }).waitFor();
    // Each finding names the imports its figures came from.
    await card
      .getByTestId('finding-source')
      .getByText(/\.xlsx|\.csv/)
      .waitFor();
    const toggle = card.getByTestId('evidence-toggle');
    if (await toggle.count()) {
      await toggle.click();
      // The drill-down lists the invoice rows themselves, with their status.
      const table = card.getByTestId('evidence-table');
      await table
        .getByText(/^(蓝字|红字)·/)
        .first()
        .waitFor();
      await table.getByTestId('evidence-export').waitFor();
    }
    await card.getByText('有合理解释', { exact: true }).click();
    await card.getByPlaceholder(/备注/).fill(NOTE);
    await card.getByRole('button', { name: /保存标注/ }).click();
    await page.getByText('标注已保存').waitFor();
    await card
      .getByTestId('annotation-control')
      .getByText(/张主账号 于 .* 标注/)
      .waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'reports-finding-annotated');
    // A 数据不足 finding says what is missing.
    await page
      .getByTestId('findings')
      .getByText(/^数据不足，未检测/)
      .first()
      .click();
    await page.getByTestId('finding-missing').first().waitFor();
  });

  it('exports the PDF: company, report name, the finding and its annotation are in it', async () => {
    assert.ok(state.reportId && state.findingTitle, 'needs the annotated report');
    const { page } = main;
    await page.getByTestId('section-findings').waitFor();
    const pdf = await downloadReportPdf(page, DOWNLOADS);
    console.log(`[reports] PDF printed in ${pdf.ms} ms, ${pdf.pages} pages`);
    assert.ok(pdf.pages >= 5, `${pdf.pages} pages`);
    assert.ok(pdf.text.includes(COMPANY));
    assert.ok(pdf.text.includes('发票穿透报告'));
    assert.ok(pdf.text.includes(state.findingTitle));
    assert.ok(pdf.text.includes('有合理解释'));
    assert.ok(pdf.text.includes('数据来源'));
    assert.ok(pdf.text.replace(/\s+/g, '').includes(NOTE.replace(/\s+/g, '')), 'the annotation note is printed');
    // Asked again: the stored file, no second print.
    const again = await downloadReportPdf(page, DOWNLOADS);
    console.log(`[reports] cached PDF in ${again.ms} ms`);
    assert.equal(again.pages, pdf.pages);
  });

  it('a watermark set on /watermark is printed in the next PDF', async () => {
    assert.ok(state.reportId, 'needs the report');
    const { page } = main;
    await page.locator('[data-header-entry="report-config"]').click();
    await page.waitForURL(`${BASE_URL}/watermark`);
    const text = page.getByTestId('watermark-text');
    await text.waitFor();
    await text.fill(WATERMARK);
    await page.getByRole('radio', { name: '全部报告' }).check();
    await page.getByTestId('watermark-preview').getByText(WATERMARK).first().waitFor();
    await page.getByTestId('watermark-save').click();
    await page.getByText('保存成功').waitFor();
    const toggle = page.getByTestId('watermark-switch');
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    await page.getByText('已开启').waitFor();
    // An image beside the text: drawn by the browser, uploaded through the page's file input.
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 48;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.fillStyle = '#1f4eb4';
      context.fillRect(0, 0, 160, 48);
      return canvas.toDataURL('image/png').split(',')[1] as string;
    });
    await page
      .getByTestId('watermark-image')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await page.getByTestId('watermark-image-preview').waitFor();
    await page.getByTestId('watermark-preview').locator('img.tl-watermark-image').first().waitFor();
    await screenshot(page, 'reports-watermark');

    await page.goto(`${BASE_URL}/risk/preview?type=INVOICE&id=${state.reportId}`);
    await page.getByTestId('report-cover').getByText(COMPANY).waitFor();
    await page.getByTestId('report-watermark').getByText(WATERMARK).first().waitFor();
    await page.getByTestId('report-watermark').locator('img.tl-watermark-image').first().waitFor();
    const pdf = await downloadReportPdf(page, DOWNLOADS);
    console.log(`[reports] PDF with watermark printed in ${pdf.ms} ms`);
    const occurrences = pdf.text.split(WATERMARK).length - 1;
    assert.ok(occurrences >= pdf.pages, `watermark printed ${occurrences} times on ${pdf.pages} pages`);
    assert.ok(pdf.text.includes(COMPANY));
  });

  it('the print view at A4: cover, contents, sections in the web font, the ready flag', async () => {
    assert.ok(state.reportId, 'needs the report');
    const { page } = main;
    await page.setViewportSize({ width: 794, height: 1123 });
    try {
      // Signed in and without a print token, the print view reads the report with the session.
      await page.goto(`${BASE_URL}/print/report/${state.reportId}`);
      await page.waitForFunction(() => (window as unknown as { __PRINT_READY__?: boolean }).__PRINT_READY__ === true);
      assert.equal(await page.locator('.tl-header, .tl-aside').count(), 0, 'no header or aside');
      const fonts = await page.evaluate(() => ({
        cjk: document.fonts.check('16px "Noto Sans SC"', '发票穿透报告'),
        family: getComputedStyle(document.querySelector('.tl-print') as Element).fontFamily,
      }));
      assert.ok(fonts.cjk, 'the Chinese web font is loaded');
      assert.match(fonts.family, /Noto Sans SC/);
      const cover = page.getByTestId('print-cover');
      await cover.getByText('发票穿透报告').waitFor();
      await cover.getByText(COMPANY).waitFor();
      await page.getByTestId('report-watermark').first().waitFor();
      await screenshot(page, 'reports-print-cover');
      for (const [selector, name] of [
        ['[data-testid="print-contents"]', 'reports-print-contents'],
        ['#print-overview', 'reports-print-overview'],
        ['#print-findings', 'reports-print-findings'],
      ] as const) {
        // Each starts a printed page: show it from the top margin of its sheet.
        await page.evaluate((target) => {
          const element = document.querySelector(target) as HTMLElement | null;
          if (element) window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 53);
        }, selector);
        await screenshot(page, name);
      }
      // Printing uses the print rules: the sheet fills the page box.
      await page.emulateMedia({ media: 'print' });
      const width = await page.evaluate(() => document.querySelector('.tl-print')?.getBoundingClientRect().width ?? 0);
      assert.ok(width >= 790, `print width ${width}`);
    } finally {
      await page.emulateMedia({ media: 'screen' });
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    // Without a valid token or a session the print view says so (and flags it) instead of hanging.
    const guest = await openPage(browser, { width: 794, height: 1123 });
    try {
      await guest.page.goto(`${BASE_URL}/print/report/${state.reportId}?printToken=forged`);
      await guest.page.getByTestId('print-error').waitFor();
      const flag = await guest.page.evaluate(() => (window as unknown as { __PRINT_ERROR__?: string }).__PRINT_ERROR__);
      assert.ok(flag);
    } finally {
      await guest.close();
    }
  });

  it('histories: filters, unread, auto-delete settings, and deleting the report', async () => {
    assert.ok(state.reportId, 'needs the report');
    const { page } = main;
    await page.goto(`${BASE_URL}/ticket/history`);
    const keyword = page.getByPlaceholder('企业名称或纳税人识别号');
    await keyword.fill('示例科技');
    await keyword.press('Enter');
    const row = page.locator(`tr[data-report-id="${state.reportId}"]`);
    await row.getByText('已完成').waitFor();
    await screenshot(page, 'reports-ticket-history');

    // List hiding: asked whether to sync, then this list masks the company; switched back after.
    const hideSwitch = page.getByTestId('list-hide-invoiceHidden');
    for (const [choice, shown] of [
      ['不同步', false],
      ['同步', true],
    ] as const) {
      await hideSwitch.click();
      const question = page.getByRole('dialog').filter({ hasText: '是否将该设置同步到其他列表？' });
      await question.getByRole('button', { name: choice }).click();
      await question.waitFor({ state: 'hidden' });
      const name = row.getByText(COMPANY, { exact: true });
      await (shown ? name.waitFor() : name.waitFor({ state: 'detached' }));
      if (!shown) {
        await row.getByText(/^示例\*+公司$/).waitFor();
        await screenshot(page, 'reports-ticket-history-hidden');
      }
    }

    await page.locator('[data-header-entry="all-reports"]').click();
    await page.waitForURL(`${BASE_URL}/all-history`);
    await row.waitFor();
    // Read already: the unread filter leaves it out.
    await page.getByTestId('read-filter').getByText(/未读/).click();
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('read-filter').getByText('全部', { exact: true }).click();
    await row.waitFor();
    await screenshot(page, 'reports-all-history');

    // Auto-delete (spec §5): on with no time picks 15 days; the time is sent only when on.
    await page.getByTestId('auto-delete-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('自动删除设置').waitFor();
    await dialog.getByText('开启', { exact: true }).click();
    assert.equal(await dialog.getByRole('radio', { name: '15天' }).isChecked(), true);
    await screenshot(page, 'reports-auto-delete');
    const [onRequest] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/api/userInfo/updateReportDeleteTime')),
      dialog.getByRole('button', { name: /确\s*定/ }).click(),
    ]);
    assert.deepEqual(onRequest.postDataJSON(), { reportOverdueDeleteSwitch: 0, reportOverdueTime: 15 });
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('auto-delete-open').click();
    await dialog.getByText('关闭', { exact: true }).click();
    const [offRequest] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/api/userInfo/updateReportDeleteTime')),
      dialog.getByRole('button', { name: /确\s*定/ }).click(),
    ]);
    assert.deepEqual(offRequest.postDataJSON(), { reportOverdueDeleteSwitch: 1 });
    await dialog.waitFor({ state: 'hidden' });

    // Delete, after the confirmation.
    await row.getByTestId(`delete-${state.reportId}`).click();
    await page.getByText('确定删除这份报告吗？').waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('删除成功').waitFor();
    await row.waitFor({ state: 'detached' });
    const answer = await fetch(`${BASE_URL}/api/ReportPool/detail?id=${state.reportId}`, {
      headers: { token: await sessionToken(page) },
    });
    assert.equal(answer.status, 404);
    assert.deepEqual(main.pageErrors, []);
  });
});
