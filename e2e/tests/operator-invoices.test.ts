import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiData } from '../lib/api.js';
import { BASE_URL, DEMO_PASSWORD, openPage, screenshot, useBrowser } from '../lib/browser.js';

const browser = useBrowser();
const FINANCE = '13700000002';
const CUSTOMER = '13900000001';
const OK_BUTTON = /确\s*定/;

async function apiToken(phone: string): Promise<string> {
  return (await apiData<{ userToken: string }>('/userInfo/login', { body: { phone, pwd: DEMO_PASSWORD } })).userToken;
}

/** A paid bank-transfer order of the customer and its purchase-invoice request under `title`. */
async function invoiceRequest(customer: string, finance: string, amountFen: number, title: string) {
  const order = await apiData<{ orderId: number }>('/Order/unifiedOrder', {
    token: customer,
    body: { payMethod: 'bank_transfer', amountFen },
  });
  await apiData('/operator/billing/confirmTransfer', { token: finance, body: { orderId: order.orderId } });
  return apiData<{ id: number }>('/Order/invoice', {
    token: customer,
    body: { orderIds: [order.orderId], kind: 'normal', title, taxNo: '91440305MA5TL00030', email: 'caiwu@example.com' },
  });
}

describe('operator console: purchase invoices', () => {
  let tmp: string;
  before(async () => {
    tmp = await mkdtemp(path.join(tmpdir(), 'taxlens-invoices-'));
  });
  after(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('finance issues one request by uploading its PDF and rejects another with a reason', async () => {
    const customer = await apiToken(CUSTOMER);
    const finance = await apiToken(FINANCE);
    const issued = await invoiceRequest(customer, finance, 23_456, '演示会计师事务所（E2E开票）');
    const rejected = await invoiceRequest(customer, finance, 34_567, '演示会计师事务所（E2E驳回）');
    const pdf = path.join(tmp, '发票.pdf');
    await writeFile(pdf, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

    const { page, close, pageErrors } = await openPage(browser);
    try {
      await page.goto(`${BASE_URL}/operator/login`);
      await page.getByLabel('手机号').fill(FINANCE);
      await page.getByLabel('密码').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL(/\/operator\/(?!login)/);
      await page.goto(`${BASE_URL}/operator/pending`);
      const issueRow = page.getByRole('row').filter({ hasText: '（E2E开票）' });
      await issueRow.waitFor();
      await screenshot(page, 'operator-invoices-pending-1440');
      await issueRow.locator('input[type=file]').setInputFiles(pdf);
      await page.getByText('已开具').first().waitFor();
      await issueRow.waitFor({ state: 'detached' });

      const rejectRow = page.getByRole('row').filter({ hasText: '（E2E驳回）' });
      await rejectRow.getByRole('button', { name: /驳\s*回/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('原因').fill('抬头与营业执照名称不一致，请核对后重新申请');
      await screenshot(page, 'operator-invoices-reject-1440');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await page.getByText('已驳回').first().waitFor();
      await rejectRow.waitFor({ state: 'detached' });

      // The customer sees both outcomes on its invoice records.
      const records = await apiData<{
        list: { id: number; state: string; hasPdf: boolean; rejectReason: string | null }[];
      }>('/Order/findInvoiceRecord?page=1&size=50', { token: customer });
      const issuedRecord = records.list.find((record) => record.id === issued.id);
      const rejectedRecord = records.list.find((record) => record.id === rejected.id);
      assert.equal(issuedRecord?.hasPdf, true);
      assert.equal(rejectedRecord?.rejectReason, '抬头与营业执照名称不一致，请核对后重新申请');
      assert.notEqual(issuedRecord?.state, rejectedRecord?.state);
      assert.deepEqual(pageErrors, []);
    } finally {
      await close();
    }
  });
});
