import assert from 'node:assert/strict';
import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import type { Locator, Page } from 'playwright-core';
import { apiData } from './api.js';
import { DEMO_PASSWORD } from './browser.js';

/** Test data and API shortcuts for the company tests (companies.test.ts, company-share.test.ts). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface TestCompany {
  name: string;
  taxNo: string;
}

/** A unified social credit code with a correct check digit (GB 32100-2015). */
export function creditCode(serial: number): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = `91440300MA5${String(serial).padStart(6, '0').slice(-6)}`;
  const sum = [...body].reduce((total, char, index) => total + chars.indexOf(char) * (weights[index] ?? 0), 0);
  return `${body}${chars[(31 - (sum % 31)) % 31]}`;
}

/** A fictitious company unique to this run (the e2e database is shared by the test files). */
export function testCompany(label: string, serial: number): TestCompany {
  return { name: `示例${label}有限公司${serial}`, taxNo: creditCode(serial) };
}

/** A 全量发票查询 workbook of the company's invoices. */
export async function invoiceWorkbook(
  company: TestCompany,
  options: { seed: number; startMonth: string; months: number; invoiceCount: number },
) {
  const written = await writeInvoiceExportFixture(
    { ...options, format: 'xlsx', companyTaxNo: company.taxNo, companyName: company.name },
    'buffer',
  );
  assert.ok(written.buffer);
  return { ...written, buffer: written.buffer };
}

/** A csv export with one unreadable issue date: the importer rejects the whole file. */
export async function brokenInvoiceCsv(company: TestCompany, seed: number): Promise<Buffer> {
  const written = await writeInvoiceExportFixture(
    {
      seed,
      format: 'csv',
      companyTaxNo: company.taxNo,
      companyName: company.name,
      startMonth: '2025-11',
      months: 1,
      invoiceCount: 6,
    },
    'buffer',
  );
  assert.ok(written.buffer);
  const lines = written.buffer.toString('utf8').split(/\r?\n/);
  const last = lines.findLastIndex((line) => /2025-11-\d\d \d\d:\d\d:\d\d/.test(line));
  lines[last] = (lines[last] ?? '').replace(/2025-11-\d\d \d\d:\d\d:\d\d/, '日期不详');
  return Buffer.from(lines.join('\n'), 'utf8');
}

/** Picks an antd Select option by its text (typing it first where the select searches). */
export async function chooseOption(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  if (await field.isEditable()) await field.fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** Signs in through the API (for setting up data, not for testing the login). */
export async function apiLogin(phone: string): Promise<string> {
  const user = await apiData<{ userToken: string }>('/userInfo/login', { body: { phone, pwd: DEMO_PASSWORD } });
  return user.userToken;
}

export async function apiBindCompany(token: string, company: TestCompany): Promise<number> {
  const answer = await apiData<{ firmId: number }>('/CsbFirmCertification/bindFirm', {
    token,
    body: { taxpayerName: company.name, taxNo: company.taxNo, regionCode: '440300' },
  });
  return answer.firmId;
}

/** Uploads a file and waits for the import to finish (fields before the file, as the server wants). */
export async function apiImport(token: string, firmId: number, fileName: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('firmId', String(firmId));
  form.append('kind', 'invoice');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: XLSX_TYPE }), fileName);
  const row = await apiData<{ status: string }>('/CsbFirmCertification/fileUpload?wait=true', { token, body: form });
  return row.status;
}
