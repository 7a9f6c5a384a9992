import { SHOP_MESSAGES } from '@taxlens/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { expectLedgerMatches, ledgerCount, topUp, wallet } from '../billing/test-support.js';
import { moveAsset } from '../billing/wallet.repo.js';
import { latestAudit, staffToken } from '../operator/test-support.js';

let ctx: TestContext;
let main: string;
let mainId: number;
let ops: string;
let opsId: number;
const BASE = '/api/DataServerDelivery';
const REFUND = '/api/operator/dataServices/refund';

async function itemId(title: string): Promise<number> {
  const page = await ctx.call('GET', `${BASE}/findByLabel`, {
    token: main,
    query: { scene: 'product', keyword: title },
  });
  return page.data.list.find((row: { title: string }) => row.title === title).id;
}

async function buy(title: string, requestKey: string): Promise<number> {
  const bought = await ctx.call('POST', `${BASE}/buy`, {
    token: main,
    body: {
      scene: 'product',
      deliveryId: await itemId(title),
      requestKey,
      contactName: '王会计',
      contactPhone: '13912345678',
    },
  });
  expect(bought.code, bought.msg).toBe(0);
  return bought.data.id;
}

const checkCredits = async () =>
  Number(
    (await ctx.db.selectFrom('wallets').select('check_credits').where('user_id', '=', mainId).executeTakeFirst())
      ?.check_credits ?? 0,
  );
const statusOf = async (id: number) =>
  (await sql<{ status: string }>`SELECT status FROM data_server_delivery_requests WHERE id = ${id}`.execute(ctx.db))
    .rows[0]?.status;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.updateTable('groups').set({ data_price_auth: 0 }).where('id', '=', 1).execute();
  main = await ctx.login('13800000001');
  mainId = Number(
    (await ctx.db.selectFrom('users').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow()).id,
  );
  ({ token: ops, id: opsId } = await staffToken(ctx, ['ops']));
  await topUp(ctx, main, 500_000);
});
afterAll(() => ctx.close());

describe('operator refund of a shop purchase (/api/operator/dataServices/refund)', () => {
  it('gives the price back as a mall_refund row, audited; the buyer sees 已退款 and the reason; once only', async () => {
    const id = await buy('司法风险排查报告', 'refund-judicial-1');
    const before = await wallet(ctx.db, mainId);
    const rows = await ledgerCount(ctx.db, mainId);

    const empty = await ctx.call('POST', REFUND, { token: ops, body: { id, reason: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.data.fields.reason).toBe('请输入退款原因');
    expect(await statusOf(id)).toBe('submitted');

    const done = await ctx.call('POST', REFUND, { token: ops, body: { id, reason: '客户重复购买' } });
    expect(done.code, done.msg).toBe(0);
    expect(done.msg).toBe(SHOP_MESSAGES.refunded);
    expect((await wallet(ctx.db, mainId)).balance).toBe(before.balance + 68_000);
    expect(await ledgerCount(ctx.db, mainId)).toBe(rows + 1);
    const entry = await ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', mainId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ reason: 'mall_refund', asset: 0, actor_id: opsId });
    expect(Number(entry.delta)).toBe(68_000);
    await expectLedgerMatches(ctx.db, mainId);

    const [audit] = await latestAudit(ctx, 1);
    expect(audit).toMatchObject({ target_type: 'data_service_request', target_id: String(id) });
    expect(audit?.before).toEqual({ status: 'submitted' });
    expect(audit?.after).toMatchObject({ status: 'refunded', priceFen: 68_000, reason: '客户重复购买' });

    const mine = await ctx.call('GET', `${BASE}/findSubmitInfo`, {
      token: main,
      query: { id: String(id), scene: 'product' },
    });
    expect(mine.data).toMatchObject({ status: 'refunded', refundReason: '客户重复购买' });
    // /my's flow labels the row.
    const flow = await ctx.call('GET', '/api/UserAssets/flowRecord', { token: main, query: { page: '1', size: '5' } });
    expect(JSON.stringify(flow.data)).toContain('商城退款');

    const again = await ctx.call('POST', REFUND, { token: ops, body: { id, reason: '再退一次' } });
    expect(again.status).toBe(409);
    expect(again.msg).toBe(SHOP_MESSAGES.refundedTwice);
    expect((await wallet(ctx.db, mainId)).balance).toBe(before.balance + 68_000);
    expect(await ledgerCount(ctx.db, mainId)).toBe(rows + 1);

    // The follow-up state can no longer be changed by hand.
    const moved = await ctx.call('POST', '/api/operator/dataServices/updateRequest', {
      token: ops,
      body: { id, status: 'closed' },
    });
    expect(moved.msg).toBe(SHOP_MESSAGES.refundedLocked);
    expect(await statusOf(id)).toBe('refunded');
  });

  it('takes back an unused credits pack with the price; refuses a pack already spent, nothing changed', async () => {
    const unused = await buy('发票鉴伪次数包（200 次）', 'refund-checks-1');
    const credits = await checkCredits();
    const balance = (await wallet(ctx.db, mainId)).balance;
    const done = await ctx.call('POST', REFUND, { token: ops, body: { id: unused, reason: '误购' } });
    expect(done.code, done.msg).toBe(0);
    expect(await checkCredits()).toBe(credits - 200);
    expect((await wallet(ctx.db, mainId)).balance).toBe(balance + 16_000);
    await expectLedgerMatches(ctx.db, mainId);

    const spent = await buy('发票鉴伪次数包（200 次）', 'refund-checks-2');
    // The customer checks 150 invoices: 50 of the pack's 200 remain.
    await ctx.db
      .transaction()
      .execute((tx) => moveAsset(tx, { groupId: 1, userId: mainId, asset: 7, delta: -150, reason: 'invoice_check' }));
    const rows = await ledgerCount(ctx.db, mainId);
    const held = await wallet(ctx.db, mainId);
    const refused = await ctx.call('POST', REFUND, { token: ops, body: { id: spent, reason: '误购' } });
    expect(refused.status).toBe(402);
    expect(refused.msg).toBe(SHOP_MESSAGES.creditsSpent);
    expect(await ledgerCount(ctx.db, mainId)).toBe(rows);
    expect(await wallet(ctx.db, mainId)).toEqual(held);
    expect(await statusOf(spent)).toBe('closed');
    await expectLedgerMatches(ctx.db, mainId);
  });

  it('refuses inquiries (nothing changed), unknown ids (404), customers and roles other than 运营 (403)', async () => {
    const inquiry = await ctx.call('POST', `${BASE}/submitInfo`, {
      token: main,
      body: {
        scene: 'product',
        deliveryId: await itemId('纳税信用修复'),
        contactName: '李会计',
        contactPhone: '13912345679',
      },
    });
    expect(inquiry.code, inquiry.msg).toBe(0);
    const inquiryId = (
      await sql<{ id: string }>`SELECT max(id) AS id FROM data_server_delivery_requests
      WHERE kind = 'inquiry'`.execute(ctx.db)
    ).rows[0]?.id;
    const rows = await ledgerCount(ctx.db, mainId);
    const refused = await ctx.call('POST', REFUND, { token: ops, body: { id: Number(inquiryId), reason: '测试' } });
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe(SHOP_MESSAGES.inquiryNoRefund);
    expect(await statusOf(Number(inquiryId))).toBe('submitted');
    expect(await ledgerCount(ctx.db, mainId)).toBe(rows);

    const missing = await ctx.call('POST', REFUND, { token: ops, body: { id: 99_999_999, reason: '测试' } });
    expect(missing.status).toBe(404);
    expect(missing.msg).toBe(SHOP_MESSAGES.requestMissing);

    const id = await buy('新设企业商机名单', 'refund-leads-1');
    const tokens = [
      main,
      (await staffToken(ctx, ['content'])).token,
      (await staffToken(ctx, ['finance'])).token,
      (await staffToken(ctx, ['support'])).token,
    ];
    for (const token of tokens) {
      const denied = await ctx.call('POST', REFUND, { token, body: { id, reason: '越权' } });
      expect(denied.status).toBe(403);
    }
    expect(await statusOf(id)).toBe('submitted');
    await expectLedgerMatches(ctx.db, mainId);
  });
});
