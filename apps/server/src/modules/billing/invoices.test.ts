import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { multipartFile, operatorToken, placeOrder, SAMPLE_PDF, topUp } from './test-support.js';

let ctx: TestContext;
let main: string;
let otherMain: string;
let operator: string;
let paidOrders: number[];
beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  otherMain = await ctx.login('13900000001');
  operator = (await operatorToken(ctx)).token;
  paidOrders = [];
  for (const amount of [10_000, 20_000, 30_000]) paidOrders.push((await topUp(ctx, main, amount)).orderId);
});
afterAll(() => ctx.close());

// A valid unified social credit code (GB 32100 check digit).
const TAX_NO = '91110108MA01TL001R';
const normal = (orderIds: number[]) => ({
  orderIds,
  kind: 'normal',
  title: '示例财税咨询有限公司',
  taxNo: TAX_NO,
  email: 'finance@example.com',
});

async function issue(invoiceId: number, content = SAMPLE_PDF) {
  const { payload, headers } = multipartFile('file', 'invoice.pdf', content);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/operator/billing/issueInvoice?invoiceId=${invoiceId}`,
    headers: { ...headers, token: operator },
    payload,
  });
}

describe('purchase invoices', () => {
  it('lists paid, not yet invoiced orders and requests a 普票 for two of them', async () => {
    const open = await ctx.call('GET', '/api/Order/findInvoiceableOrders', { token: main });
    expect(open.data.list.map((order: { orderId: number }) => order.orderId).sort()).toEqual([...paidOrders].sort());
    const answer = await ctx.call('POST', '/api/Order/invoice', { token: main, body: normal(paidOrders.slice(0, 2)) });
    expect([answer.status, answer.msg, answer.data.warning]).toEqual([200, '申请已提交', null]);
    const list = await ctx.call('GET', '/api/Order/findInvoiceRecord', { token: main });
    expect(list.data.list[0]).toMatchObject({
      id: answer.data.id,
      kind: 'normal',
      kindLabel: '增值税普通发票',
      amountFen: 30_000,
      state: 'pending',
      stateLabel: '待开票',
      hasPdf: false,
    });
    expect(list.data.list[0].orderNos).toHaveLength(2);
    const again = await ctx.call('POST', '/api/Order/invoice', { token: main, body: normal([paidOrders[0]!]) });
    expect([again.status, again.msg]).toEqual([409, '所选订单已申请过发票']);
    const remaining = await ctx.call('GET', '/api/Order/findInvoiceableOrders', { token: main });
    expect(remaining.data.list.map((order: { orderId: number }) => order.orderId)).toEqual([paidOrders[2]]);
  });

  it('checks the input: 专票 needs address, phone, bank and account; tax number; email; paid orders only', async () => {
    const special = await ctx.call('POST', '/api/Order/invoice', {
      token: main,
      body: { ...normal([paidOrders[2]!]), kind: 'special' },
    });
    expect(special.status).toBe(400);
    expect(Object.keys(special.data.fields).sort()).toEqual(['address', 'bankAccount', 'bankName', 'phone']);
    const badTax = await ctx.call('POST', '/api/Order/invoice', {
      token: main,
      body: { ...normal([paidOrders[2]!]), taxNo: '123' },
    });
    expect(badTax.data.fields.taxNo).toBe('统一社会信用代码格式不正确');
    const badEmail = await ctx.call('POST', '/api/Order/invoice', {
      token: main,
      body: { ...normal([paidOrders[2]!]), email: 'x' },
    });
    expect(badEmail.status).toBe(400);
    expect((await ctx.call('POST', '/api/Order/invoice', { token: main, body: normal([]) })).status).toBe(400);
    const pending = await placeOrder(ctx, main, { amountFen: 5_000 });
    const unpaid = await ctx.call('POST', '/api/Order/invoice', { token: main, body: normal([pending.orderId]) });
    expect([unpaid.status, unpaid.msg]).toEqual([400, '只能为已支付的订单申请发票']);
    const fresh = await topUp(ctx, main, 1_000);
    const checksum = await ctx.call('POST', '/api/Order/invoice', {
      token: main,
      body: { ...normal([fresh.orderId]), taxNo: '91110108MA01TL0010' },
    });
    expect(checksum.data.warning).toContain('校验位');
  });

  it('another group’s orders and invoices are 404', async () => {
    const foreign = await ctx.call('POST', '/api/Order/invoice', { token: otherMain, body: normal([paidOrders[0]!]) });
    expect(foreign.status).toBe(404);
    const list = await ctx.call('GET', '/api/Order/findInvoiceRecord', { token: otherMain });
    expect(list.data.total).toBe(0);
    const first = (await ctx.call('GET', '/api/Order/findInvoiceRecord', { token: main })).data.list.at(-1);
    const pdf = await ctx.call('GET', '/api/Order/invoicePdf', { token: otherMain, query: { id: String(first.id) } });
    expect(pdf.status).toBe(404);
  });

  it('the operator issues with a PDF upload; the customer downloads it; a second issue is 409', async () => {
    const first = (await ctx.call('GET', '/api/Order/findInvoiceRecord', { token: main })).data.list.at(-1);
    const notPdf = await issue(first.id, Buffer.from('hello'));
    expect(notPdf.statusCode).toBe(400);
    const issued = await issue(first.id);
    expect([issued.statusCode, issued.json().msg]).toEqual([200, '已开具']);
    const list = await ctx.call('GET', '/api/Order/findInvoiceRecord', { token: main, query: { state: 'issued' } });
    expect(list.data.list[0]).toMatchObject({ id: first.id, stateLabel: '已开票', hasPdf: true });
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/Order/invoicePdf?id=${first.id}`,
      headers: { token: main },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    expect((await issue(first.id)).statusCode).toBe(409);
    const staff = await createUser(ctx.db, { groupId: 1, level: 3 });
    const staffPdf = await ctx.call('GET', '/api/Order/invoicePdf', {
      token: await ctx.login(staff.phone),
      query: { id: String(first.id) },
    });
    expect(staffPdf.status).toBe(404);
  });

  it('the operator rejects with a reason, which frees the orders for a new request', async () => {
    const request = await ctx.call('POST', '/api/Order/invoice', {
      token: main,
      body: {
        ...normal([paidOrders[2]!]),
        kind: 'special',
        address: '北京市海淀区示例路1号',
        phone: '010-00000000',
        bankName: '示例银行',
        bankAccount: '1100000000000000',
      },
    });
    const id = request.data.id as number;
    expect(
      (await ctx.call('POST', '/api/operator/billing/rejectInvoice', { token: operator, body: { invoiceId: id } }))
        .status,
    ).toBe(400);
    const rejected = await ctx.call('POST', '/api/operator/billing/rejectInvoice', {
      token: operator,
      body: { invoiceId: id, reason: '开户银行与税务登记不一致' },
    });
    expect(rejected.status).toBe(200);
    const record = await ctx.call('GET', '/api/Order/findInvoiceRecord', { token: main, query: { state: 'rejected' } });
    expect(record.data.list[0]).toMatchObject({ id, stateLabel: '已驳回', rejectReason: '开户银行与税务登记不一致' });
    const open = await ctx.call('GET', '/api/Order/findInvoiceableOrders', { token: main });
    expect(open.data.list.map((order: { orderId: number }) => order.orderId)).toEqual([paidOrders[2]]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/Order/invoicePdf?id=${id}`, headers: { token: main } }))
        .statusCode,
    ).toBe(404);
  });

  it('denies the invoice pages without fyzx|invoice (403), and the operator calls to customers (403)', async () => {
    const user = await createUser(ctx.db, { groupId: 1, level: 3, notMenus: [{ type: 0, permission: 'invoice' }] });
    const token = await ctx.login(user.phone);
    expect((await ctx.call('GET', '/api/Order/findInvoiceRecord', { token })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Order/invoice', { token, body: normal([paidOrders[2]!]) })).status).toBe(403);
    const asCustomer = await ctx.call('POST', '/api/operator/billing/rejectInvoice', {
      token: main,
      body: { invoiceId: 1, reason: '不行' },
    });
    expect(asCustomer.status).toBe(403);
  });
});
