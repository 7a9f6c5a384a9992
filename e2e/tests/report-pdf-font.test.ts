import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getDocumentProxy } from 'unpdf';
import { apiData } from '../lib/api.js';
import { BASE_URL } from '../lib/browser.js';
import { apiBindCompany, apiImport, apiLogin, invoiceWorkbook, testCompany } from '../lib/companies.js';
import { waitReportDone } from '../lib/reports.js';

const MAIN = '13800000001';
const RUN = Date.now() % 100_000;
// Characters of user data the client's own text never has, so the build's font subsets lack them:
// 龑 (U+9F91) is outside even the chinese-simplified set the subsets are cut from (only one of
// @fontsource's slices has it), 堃 (U+5803) is in that set. The server's Chromium has no system
// CJK font: Noto Sans SC's slices are the only way either is drawn.
const company = testCompany('龑堃', (RUN + 71) % 100_000);

/** Issue 21: the web font is subset to the client's text; a PDF still draws any character of a company name. */
describe('the printed report and a rare character in the company name', () => {
  it('prints the name in Noto Sans SC, every character drawn', async () => {
    const token = await apiLogin(MAIN);
    const firmId = await apiBindCompany(token, company);
    const workbook = await invoiceWorkbook(company, { seed: RUN, startMonth: '2025-01', months: 3, invoiceCount: 40 });
    assert.equal(await apiImport(token, firmId, '全量发票查询_2025Q1.xlsx', workbook.buffer), 'done');
    const created = await apiData<{ reportId: number }>('/ReportPool/create', {
      token,
      body: { firmId, reportType: 'INVOICE', periodStart: '2025-01', periodEnd: '2025-03' },
    });
    await waitReportDone(token, created.reportId);

    const response = await fetch(`${BASE_URL}/api/ReportPool/pdf?id=${created.reportId}`, { headers: { token } });
    assert.equal(response.status, 200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The embedded fonts are Noto Sans SC's (Google names its static instances NotoSansSCThin-<weight>)
    // and DejaVu for the few signs it lacks.
    const fonts = new Set(
      [...new TextDecoder('latin1').decode(bytes).matchAll(/\/BaseFont\s*\/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1]),
    );
    assert.ok(
      [...fonts].some((name) => /^NotoSansSC/.test(name ?? '')),
      [...fonts].join(' '),
    );
    // pdf.js takes the bytes over (the buffer is empty after this).
    const pdf = await getDocumentProxy(bytes);
    const page = await pdf.getPage(1);
    const content = await page.getTextContent();
    const items = content.items.filter((item) => 'str' in item && /[龑堃]/.test(item.str));
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join('');
    assert.ok(text.includes(company.name), `the cover names ${company.name}`);
    assert.ok(items.length > 0);
    for (const item of items) {
      if (!('str' in item)) continue;
      // Noto Sans SC's vertical metrics (ascender 1160, descender −288 per 1000): a character the
      // web font cannot draw comes out in the machine's fallback font (DejaVu Sans: 0.928 / −0.236),
      // as an empty box.
      const style = content.styles[item.fontName];
      assert.deepEqual([style?.ascent, style?.descent], [1.16, -0.288], `${item.str} drawn in Noto Sans SC`);
    }
  });
});
