import type { NormalizedInvoice } from '@taxlens/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { invoiceNetwork } from './invoice-network.repo.js';

let ctx: TestContext;
afterAll(() => ctx.close());
beforeAll(async () => {
  ctx = await createTestContext();
});

const A = '91310000NETWORKA01';
const B = '91310000NETWORKB01';
const C = '91310000NETWORKC01';

async function company(groupId: number, taxNo: string): Promise<number> {
  const row = await ctx.db
    .insertInto('companies')
    .values({ group_id: groupId, taxpayer_name: `环开测试${taxNo.slice(-3)}`, tax_no: taxNo, created_by: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function stored(
  groupId: number,
  companyId: number,
  key: string,
  seller: string,
  buyer: string,
  yuan: number,
  status = 'normal',
) {
  await ctx.db
    .insertInto('invoices')
    .values({
      group_id: groupId,
      company_id: companyId,
      key,
      direction: seller === A ? 'sales' : 'purchase',
      digital_number: key,
      code: null,
      number: null,
      seller_tax_no: seller,
      seller_name: seller,
      buyer_tax_no: buyer,
      buyer_name: buyer,
      issued_at: '2025-03-10 10:00:00',
      has_time: true,
      amount_fen: yuan * 100,
      tax_fen: yuan * 13,
      total_fen: yuan * 113,
      source: '电子发票服务平台',
      kind_text: '数电发票（增值税专用发票）',
      kind_code: '81',
      is_special: true,
      status,
      status_text: null,
      is_positive: true,
      risk_level: 'normal',
      issuer: null,
      remark: null,
      red_of_number: null,
      import_id: null,
    })
    .execute();
}

const own = (direction: 'sales' | 'purchase', party: string) =>
  ({
    direction,
    buyerTaxNo: direction === 'sales' ? party : A,
    sellerTaxNo: direction === 'sales' ? A : party,
  }) as NormalizedInvoice;

describe('invoiceNetwork (the B→C edges of 环开)', () => {
  it('finds B→C among the firm’s other clients once per invoice, leaves out void ones and other firms', async () => {
    const group = await createGroup(ctx.db);
    const other = await createGroup(ctx.db);
    const a = await company(group, A);
    const b = await company(group, B);
    const c = await company(group, C);
    const stranger = await company(other, '91310000NETWORKX01');
    // B's and C's imports both hold the same B→C invoice of 30万; a void one and another firm's do not count.
    await stored(group, b, '25310000000000000101', B, C, 300_000);
    await stored(group, c, '25310000000000000101', B, C, 300_000);
    await stored(group, b, '25310000000000000102', B, C, 90_000, 'void');
    await stored(other, stranger, '25310000000000000104', B, C, 700_000);
    const current = { invoices: [own('sales', B), own('purchase', C)], lines: [] };
    const network = await invoiceNetwork(ctx.db, a, '2025-01', '2025-06', current);
    expect(network).toEqual({ edges: [{ sellerTaxNo: B, buyerTaxNo: C, amountFen: 30_000_000 }], companyCount: 2 });
    // Outside the period nothing is searched.
    expect(await invoiceNetwork(ctx.db, a, '2024-01', '2024-06', current)).toEqual({ edges: [], companyCount: 0 });
  });
});
