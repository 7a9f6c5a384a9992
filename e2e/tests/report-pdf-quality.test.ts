import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { getDocumentProxy } from 'unpdf';
import { apiData, sessionToken } from '../lib/api.js';
import { BASE_URL, openPage, signIn, type TestPage, useBrowser } from '../lib/browser.js';

/**
 * What a tax partner checks before signing a printed report, on the real PDF the server prints
 * (and on the print view it prints from): no rule ids, internal words or web sources; the rule
 * version named; each finding's invoice rows; no text drawn over other text (chart legends);
 * no empty table columns; one percentage format per column.
 */
const browser = useBrowser();
const MAIN = '13800000001';
const COMPANY_ID = 1;

interface TextBox {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface PrintedPdf {
  text: string;
  pages: TextBox[][];
}

async function createReport(token: string, reportType: string, periodStart: string, periodEnd: string) {
  const created = await apiData<{ reportId: number }>('/ReportPool/create', {
    token,
    body: { firmId: COMPANY_ID, reportType, periodStart, periodEnd },
  });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const detail = await apiData<{ status: string }>(`/ReportPool/detail?id=${created.reportId}`, { token });
    if (detail.status === 'done') return created.reportId;
    assert.notEqual(detail.status, 'failed');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${reportType} report not done`);
}

/** The PDF the server prints, as text and as positioned text boxes per page (upright text only). */
async function printedPdf(token: string, reportId: number): Promise<PrintedPdf> {
  const response = await fetch(`${BASE_URL}/api/ReportPool/pdf?id=${reportId}`, { headers: { token } });
  assert.equal(response.status, 200);
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const pages: TextBox[][] = [];
  const texts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const boxes: TextBox[] = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      texts.push(item.str);
      const [a, b, , d, x, y] = item.transform as number[];
      // Rotated text is the watermark, drawn across the page on purpose.
      if (Math.abs(b ?? 0) > 0.01 || !item.str.trim() || item.width <= 0) continue;
      boxes.push({ text: item.str, x: x ?? 0, y: y ?? 0, width: item.width, height: Math.abs(d ?? a ?? 0) });
    }
    pages.push(boxes);
  }
  return { text: texts.join(''), pages };
}

/** Pairs of text boxes on one page that cover each other by more than a sliver. */
function overlaps(boxes: readonly TextBox[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i] as TextBox;
      const b = boxes[j] as TextBox;
      const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      // Chinese punctuation is squeezed by half an em where two marks meet (“）：”): same baseline, small overlap.
      const squeezed = Math.abs(a.y - b.y) < 0.5 && across <= Math.min(a.height, b.height) * 0.6;
      if (across > 1.5 && down > Math.min(a.height, b.height) * 0.4 && !squeezed) {
        found.push(`“${a.text}” × “${b.text}”`);
      }
    }
  }
  return found;
}

const FORBIDDEN = [
  /\b(INV|TAX)_[A-Z_]{3,}\b/,
  /后备上限|fixture|domain facts|网传|非官方|题库|某开源/i,
  /https?:\/\/|www\.|[a-z0-9-]+\.(com|cn|net|org)\b/i,
];

function checkText(pdf: PrintedPdf, label: string): void {
  for (const pattern of FORBIDDEN) assert.doesNotMatch(pdf.text, pattern, `${label}: ${pattern}`);
  assert.match(pdf.text, /规则与阈值版本/, `${label}: the rule version is named`);
  assert.match(pdf.text, /平台默认版本|第 \d+ 版/, `${label}: which version`);
  pdf.pages.forEach((boxes, index) => {
    assert.deepEqual(overlaps(boxes), [], `${label} page ${index + 1}: text drawn over text`);
  });
}

/** In the print view Chromium prints: every table column has a value, and one percentage format. */
async function checkTables(page: Page, reportId: number, label: string): Promise<void> {
  await page.goto(`${BASE_URL}/print/report/${reportId}`);
  await page.waitForFunction(() => (window as { __PRINT_READY__?: boolean }).__PRINT_READY__ === true, null, {
    timeout: 60_000,
  });
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const tables = Array.from(document.querySelectorAll<HTMLTableElement>('.tl-print table'));
    tables.forEach((table, tableIndex) => {
      const heads = Array.from(table.tHead?.rows[0]?.cells ?? []).map((cell) => cell.textContent?.trim() ?? '');
      const rows = Array.from(table.tBodies[0]?.rows ?? []).filter((row) => row.cells.length === heads.length);
      if (rows.length === 0) return;
      heads.forEach((head, column) => {
        const cells = rows.map((row) => row.cells[column]?.textContent?.trim() ?? '');
        if (cells.every((text) => text === '' || text === '-'))
          found.push(`table ${tableIndex} column “${head}” is empty`);
        const decimals = new Set(
          cells.filter((text) => /^-?[\d,]+(\.\d+)?%$/.test(text)).map((text) => text.split('.')[1]?.length ?? 0),
        );
        if (decimals.size > 1) found.push(`table ${tableIndex} column “${head}” mixes percentage formats`);
      });
    });
    // Chart legends: no legend label drawn over another text of its chart.
    for (const svg of Array.from(document.querySelectorAll('.tl-print svg'))) {
      const texts = Array.from(svg.querySelectorAll('text')).map((node) => ({
        text: node.textContent ?? '',
        box: node.getBoundingClientRect(),
      }));
      for (let i = 0; i < texts.length; i += 1) {
        for (let j = i + 1; j < texts.length; j += 1) {
          const a = texts[i]!.box;
          const b = texts[j]!.box;
          const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (across > 1 && down > 1) found.push(`chart text “${texts[i]!.text}” over “${texts[j]!.text}”`);
        }
      }
    }
    return found;
  });
  assert.deepEqual(problems, [], label);
}

describe('the printed report a partner signs', () => {
  let main: TestPage;
  let token: string;
  before(async () => {
    main = await openPage(browser);
    await signIn(main.page, MAIN);
    token = await sessionToken(main.page);
  });
  after(async () => {
    await main.close();
  });

  it('invoice report: clean text, the rule version, invoice rows per finding, no overlaps, sound tables', async () => {
    const overview = await apiData<{ invoices: { lastMonth: string } }>(
      `/CsbFirmCertification/dataOverview?firmId=${COMPANY_ID}`,
      { token },
    );
    const [year, month] = overview.invoices.lastMonth.split('-').map(Number) as [number, number];
    const start = month === 12 ? `${year}-01` : `${year - 1}-${String(month + 1).padStart(2, '0')}`;
    const reportId = await createReport(token, 'INVOICE', start, overview.invoices.lastMonth);
    const pdf = await printedPdf(token, reportId);
    checkText(pdf, 'INVOICE');
    // The drill-down on paper: invoice rows with their time and status, not only numbers.
    assert.match(pdf.text, /\d{4}-\d{2}-\d{2}\s*\d{2}:\d{2}:\d{2}/);
    assert.match(pdf.text, /(蓝字|红字)·/);
    await checkTables(main.page, reportId, 'INVOICE print view');
  });

  it('comprehensive report: the same checks with the tax charts and the score', async () => {
    const reportId = await createReport(token, 'COMPREHENSIVE', '2023-01', '2025-12');
    const pdf = await printedPdf(token, reportId);
    checkText(pdf, 'COMPREHENSIVE');
    await checkTables(main.page, reportId, 'COMPREHENSIVE print view');
  });
});
