import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { apiData, sessionToken } from '../lib/api.js';
import { BASE_URL, openPage, screenshot, signIn, useBrowser } from '../lib/browser.js';

const screenshotPath = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);

/**
 * Report cover templates (spec §7 findCoverAll, updateCoverByUserId(All)): chosen on /watermark or
 * beside 导出PDF, stored per user, and drawn on the first page of the PDF the server prints.
 */
const browser = useBrowser();
const COMPANY_ID = 1;
/** 墨绿分栏 and 商务蓝带 (migration 0210): their primary colour fills a block on the printed cover. */
const SPLIT = { id: 4, name: '墨绿分栏', colour: '#1d5c4a' };
const BAND = { id: 2, name: '商务蓝带', colour: '#16365c' };

async function createReport(token: string): Promise<number> {
  const overview = await apiData<{ invoices: { lastMonth: string } }>(
    `/CsbFirmCertification/dataOverview?firmId=${COMPANY_ID}`,
    { token },
  );
  const last = overview.invoices.lastMonth;
  const created = await apiData<{ reportId: number }>('/ReportPool/create', {
    token,
    body: { firmId: COMPANY_ID, reportType: 'INVOICE', periodStart: last, periodEnd: last },
  });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const detail = await apiData<{ status: string }>(`/ReportPool/detail?id=${created.reportId}`, { token });
    if (detail.status === 'done') return created.reportId;
    assert.notEqual(detail.status, 'failed');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('report not done');
}

/** The fill colours drawn on the PDF's first page (the cover), as #rrggbb. */
async function coverFills(token: string, reportId: number): Promise<{ fills: Set<string>; text: string }> {
  const response = await fetch(`${BASE_URL}/api/ReportPool/pdf?id=${reportId}`, { headers: { token } });
  assert.equal(response.status, 200);
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { OPS } = await getResolvedPDFJS();
  const page = await pdf.getPage(1);
  const operators = await page.getOperatorList();
  const fills = new Set<string>();
  operators.fnArray.forEach((fn, index) => {
    if (fn === OPS.setFillRGBColor) fills.add(String(operators.argsArray[index]?.[0]).toLowerCase());
  });
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('');
  return { fills, text };
}

describe('report cover templates', () => {
  it('the main account picks a cover on /watermark and its PDF prints with it; staff keep their own', async () => {
    const main = await openPage(browser);
    const staff = await openPage(browser);
    let mainToken = '';
    try {
      await signIn(main.page, '13800000001');
      mainToken = await sessionToken(main.page);
      await main.page.goto(`${BASE_URL}/watermark`);
      const card = main.page.getByTestId('cover-card');
      await card.getByTestId(`cover-${SPLIT.id}`).click();
      await card.getByTestId('cover-save').click();
      await main.page.getByText(`已设置为“${SPLIT.name}”封面`).waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(main.page, 'report-covers-watermark-1440');

      const reportId = await createReport(mainToken);
      await main.page.goto(`${BASE_URL}/risk/preview?type=INVOICE&id=${reportId}`);
      await main.page.getByTestId('cover-button').getByText(`封面：${SPLIT.name}`).waitFor();
      // The print view the server prints from draws the chosen layout.
      await main.page.goto(`${BASE_URL}/print/report/${reportId}`);
      await main.page.waitForFunction(() => (window as { __PRINT_READY__?: boolean }).__PRINT_READY__ === true);
      assert.equal(await main.page.getByTestId('print-cover').getAttribute('data-cover'), 'split');
      // Each template's cover as the server prints it (A4 width), for looking at.
      await main.page.setViewportSize({ width: 794, height: 1123 });
      for (const cover of [1, 2, 3, SPLIT.id]) {
        await apiData('/BusinessPanoramicReport/updateCoverByUserId', { token: mainToken, body: { coverId: cover } });
        await main.page.goto(`${BASE_URL}/print/report/${reportId}`);
        await main.page.waitForFunction(() => (window as { __PRINT_READY__?: boolean }).__PRINT_READY__ === true);
        const layout = await main.page.getByTestId('print-cover').getAttribute('data-cover');
        await main.page
          .getByTestId('print-cover')
          .screenshot({ path: screenshotPath(`report-covers-print-${layout}`) });
      }
      await main.page.setViewportSize({ width: 1440, height: 900 });
      const printed = await coverFills(mainToken, reportId);
      assert.ok(printed.fills.has(SPLIT.colour), `the cover column is drawn in ${SPLIT.colour}`);
      assert.match(printed.text.replace(/\s+/g, ''), /发票/);

      // 王员工 of the same firm chose nothing: their report prints with the default cover.
      await signIn(staff.page, '13800000003');
      const staffToken = await sessionToken(staff.page);
      // One 发票穿透 credit from the main account, as a firm hands them out.
      const staffId = (
        await apiData<{ userId: number }>('/BusinessPanoramicReport/findCoverAll', { token: staffToken })
      ).userId;
      await apiData('/userInfo/giving', { token: mainToken, body: { toUserId: staffId, numberType: 1, count: 1 } });
      const staffReport = await createReport(staffToken);
      const plain = await coverFills(staffToken, staffReport);
      assert.equal(plain.fills.has(SPLIT.colour), false);

      // 应用到全部账号: the staff member's next PDF uses the main account's choice.
      await main.page.goto(`${BASE_URL}/watermark`);
      await card.getByTestId(`cover-${BAND.id}`).click();
      await card.getByTestId('cover-save-all').click();
      await main.page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await main.page.getByText(new RegExp(`全部 \\d+ 个账号已设置为“${BAND.name}”封面`)).waitFor();
      const list = await apiData<{ selectedId: number }>('/BusinessPanoramicReport/findCoverAll', {
        token: staffToken,
      });
      assert.equal(list.selectedId, BAND.id);
      // Both PDFs print again with the new cover (a cached file remembers the cover it was printed with).
      assert.ok((await coverFills(staffToken, staffReport)).fills.has(BAND.colour));
      assert.ok((await coverFills(mainToken, reportId)).fills.has(BAND.colour));

      // The staff member changes only their own cover, from the report page.
      await staff.page.goto(`${BASE_URL}/risk/preview?type=INVOICE&id=${staffReport}`);
      await staff.page.getByTestId('cover-button').click();
      await staff.page.locator('.ant-modal').getByTestId(`cover-${SPLIT.id}`).click();
      await staff.page.locator('.ant-modal').getByRole('button', { name: '设为我的封面' }).click();
      await staff.page.getByText(`已设置为“${SPLIT.name}”封面`).waitFor();
      await staff.page.getByTestId('cover-button').getByText(`封面：${SPLIT.name}`).waitFor();
      const mine = await apiData<{ selectedId: number }>('/BusinessPanoramicReport/findCoverAll', { token: mainToken });
      assert.equal(mine.selectedId, BAND.id);
      assert.deepEqual(main.pageErrors, []);
      assert.deepEqual(staff.pageErrors, []);
    } finally {
      // Other files print this firm's reports: everyone back to the default cover.
      if (mainToken)
        await apiData('/BusinessPanoramicReport/updateCoverByUserIdAll', { token: mainToken, body: { coverId: 1 } });
      await main.close();
      await staff.close();
    }
  });

  it('the cover card and the cover dialog fit a phone', async () => {
    const { page, pageErrors, close } = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, '13800000001');
      await page.goto(`${BASE_URL}/watermark`);
      const card = page.getByTestId('cover-card');
      await card.getByTestId('cover-1').waitFor();
      await card.scrollIntoViewIfNeeded();
      const right = await card.evaluate((node) => node.getBoundingClientRect().right);
      assert.ok(right <= 391, `the card ends inside the screen (${right})`);
      await screenshot(page, 'report-covers-watermark-390');
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
