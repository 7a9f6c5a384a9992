import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { expectLedgerMatches, ledgerCount, wallet } from '../billing/test-support.js';
import { latestAudit, staffToken } from './test-support.js';

let ctx: TestContext;
let ops: string;
let support: string;
let finance: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ops = (await staffToken(ctx, ['ops'])).token;
  support = (await staffToken(ctx, ['support'])).token;
  finance = (await staffToken(ctx, ['finance'])).token;
});
afterAll(() => ctx.close());

async function customer() {
  const groupId = await createGroup(ctx.db);
  const user = await createUser(ctx.db, { groupId });
  return { groupId, ...user, token: await ctx.login(user.phone) };
}

describe('groups', () => {
  it('searches by a member phone and shows the detail with flags, users and prices', async () => {
    const found = await ctx.call('GET', '/api/operator/groups', { token: finance, query: { keyword: '13800000003' } });
    expect(found.data.list.map((group: { name: string }) => group.name)).toEqual(['示例财税咨询有限公司']);
    const detail = await ctx.call('GET', '/api/operator/groups/detail', { token: support, query: { groupId: '1' } });
    expect(detail.data.users.map((user: { phone: string }) => user.phone)).toEqual([
      '13800000001',
      '13800000002',
      '13800000003',
    ]);
    expect(detail.data.flags).toMatchObject({ tokerUser: 1, getOutOfLineInvoiceSwitch: '0' });
    expect(detail.data.prices).toHaveLength(6);
    expect(
      (await ctx.call('GET', '/api/operator/groups/detail', { token: ops, query: { groupId: '999999' } })).status,
    ).toBe(404);
  });

  it('sets rights and flags (only what is sent); the customer sees them; audited before/after', async () => {
    const firm = await customer();
    const answer = await ctx.call('POST', '/api/operator/groups/setFlags', {
      token: ops,
      body: { groupId: firm.groupId, tokerUser: 0, monitorSlots: 5, getOutOfLineInvoiceSwitch: '1', trial: 'start' },
    });
    expect(answer.data).toMatchObject({
      tokerUser: 0,
      monitorSlots: 5,
      getOutOfLineInvoiceSwitch: '1',
      dataPriceAuth: 0,
    });
    const me = await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: firm.token });
    expect(me.data).toMatchObject({ tokerUser: 0, flowTime: 0, getOutOfLineInvoiceSwitch: '1' });
    const [row] = await latestAudit(ctx, 1);
    expect(row).toMatchObject({ target_type: 'group', target_id: String(firm.groupId) });
    expect(row?.before).toMatchObject({ tokerUser: 1, monitorSlots: 0, trialStartedAt: null });
    expect(row?.after).toMatchObject({ tokerUser: 0, monitorSlots: 5 });

    const bad = await ctx.call('POST', '/api/operator/groups/setFlags', {
      token: ops,
      body: { groupId: firm.groupId, monitorSlots: -1 },
    });
    expect([bad.status, bad.data.fields]).toEqual([400, { monitorSlots: '监控数量不能小于 0' }]);
    // Support reads customers but does not change rights.
    const denied = await ctx.call('POST', '/api/operator/groups/setFlags', {
      token: support,
      body: { groupId: firm.groupId, tokerUser: 1 },
    });
    expect(denied.status).toBe(403);
    expect((await latestAudit(ctx, 1))[0]?.id).toBe(row?.id);
  });

  it('sets the data service to expired (2): the customer gets dataPriceAuth 2 and the data view refuses it', async () => {
    const firm = await customer();
    const set = await ctx.call('POST', '/api/operator/groups/setFlags', {
      token: ops,
      body: { groupId: firm.groupId, dataPriceAuth: 2 },
    });
    expect(set.data.dataPriceAuth).toBe(2);
    const me = await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: firm.token });
    expect(me.data.serviceRights.dataPriceAuth).toBe(2);
    const refused = await ctx.call('GET', '/api/DataAnalysisMonitoring/findMonitoringNum', { token: firm.token });
    expect([refused.status, refused.msg]).toEqual([403, '数据服务已到期，请联系您的客户经理续订']);
    const detail = await ctx.call('GET', '/api/operator/groups/detail', {
      token: ops,
      query: { groupId: String(firm.groupId) },
    });
    expect(detail.data.flags.dataPriceAuth).toBe(2);
    const [row] = await latestAudit(ctx, 1);
    expect([row?.before, row?.after]).toMatchObject([{ dataPriceAuth: 0 }, { dataPriceAuth: 2 }]);

    const bad = await ctx.call('POST', '/api/operator/groups/setFlags', {
      token: ops,
      body: { groupId: firm.groupId, dataPriceAuth: 3 },
    });
    expect(bad.status).toBe(400);
    expect(bad.data.fields).toEqual({ dataPriceAuth: '数据服务状态只能是 0（未开通）、1（已开通）或 2（已到期）' });
    const unchanged = await ctx.db
      .selectFrom('groups')
      .select('data_price_auth')
      .where('id', '=', firm.groupId)
      .executeTakeFirstOrThrow();
    expect(unchanged.data_price_auth).toBe(2);
    const denied = await ctx.call('POST', '/api/operator/groups/setFlags', {
      token: support,
      body: { groupId: firm.groupId, dataPriceAuth: 1 },
    });
    expect(denied.status).toBe(403);
  });

  it('sets a group price; a price below zero is refused with the field named', async () => {
    const firm = await customer();
    const bad = await ctx.call('POST', '/api/operator/billing/setGroupPrice', {
      token: ops,
      body: { groupId: firm.groupId, creditType: 2, priceFen: -100 },
    });
    expect([bad.status, bad.data.fields]).toEqual([400, { priceFen: '价格不能小于 0' }]);
    const set = await ctx.call('POST', '/api/operator/billing/setGroupPrice', {
      token: ops,
      body: { groupId: firm.groupId, creditType: 2, priceFen: 1_500 },
    });
    expect(set.code).toBe(0);
    const [row] = await latestAudit(ctx, 1);
    expect([row?.before, row?.after]).toEqual([
      { creditType: 2, priceFen: null },
      { creditType: 2, priceFen: 1_500 },
    ]);
    const detail = await ctx.call('GET', '/api/operator/groups/detail', {
      token: ops,
      query: { groupId: String(firm.groupId) },
    });
    expect(detail.data.prices.find((price: { creditType: number }) => price.creditType === 2).ownFen).toBe(1_500);
  });
});

describe('customer accounts', () => {
  it('disabling ends every session and refuses sign-in; enabling restores it', async () => {
    const firm = await customer();
    const disabled = await ctx.call('POST', '/api/operator/users/setStatus', {
      token: support,
      body: { userId: firm.id, status: 'disabled' },
    });
    expect(disabled.data.status).toBe('disabled');
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: firm.token })).code).toBe(8);
    await expect(ctx.login(firm.phone)).rejects.toThrow();
    const [row] = await latestAudit(ctx, 1);
    expect([row?.before, row?.after]).toEqual([{ status: 'active' }, { status: 'disabled' }]);
    await ctx.call('POST', '/api/operator/users/setStatus', {
      token: support,
      body: { userId: firm.id, status: 'active' },
    });
    expect(await ctx.login(firm.phone)).toBeTruthy();
  });

  it('signs a user out everywhere, and resets a password to a one-time temporary one', async () => {
    const firm = await customer();
    const out = await ctx.call('POST', '/api/operator/users/signOutAll', { token: ops, body: { userId: firm.id } });
    expect(out.data.revoked).toBe(1);
    expect((await ctx.call('GET', '/api/userInfo/findUserLoginInfo', { token: firm.token })).code).toBe(8);

    const reset = await ctx.call('POST', '/api/operator/users/resetPassword', {
      token: support,
      body: { userId: firm.id },
    });
    expect(reset.data.password).toMatch(/^(?=.*\d)(?=.*[A-Za-z])[0-9A-Za-z]{10}$/);
    await expect(ctx.login(firm.phone)).rejects.toThrow();
    expect(await ctx.login(firm.phone, reset.data.password)).toBeTruthy();
    const [row] = await latestAudit(ctx, 1);
    expect(row?.after).toEqual({ passwordReset: true });
    expect(JSON.stringify(row)).not.toContain(reset.data.password);
  });

  it('finds customers by phone, never console staff; staff accounts are not managed here', async () => {
    const firm = await customer();
    const found = await ctx.call('GET', '/api/operator/users', { token: finance, query: { keyword: firm.phone } });
    expect(found.data.list.map((user: { userId: number }) => user.userId)).toEqual([firm.id]);
    const staff = await staffToken(ctx, ['content']);
    expect(
      (await ctx.call('GET', '/api/operator/users', { token: finance, query: { keyword: staff.phone } })).data.total,
    ).toBe(0);
    const refused = await ctx.call('POST', '/api/operator/users/signOutAll', {
      token: ops,
      body: { userId: staff.id },
    });
    expect(refused.status).toBe(403);
  });
});

describe('wallet adjustment', () => {
  it('writes a ledger row and an audit row with before/after; below zero is refused with the field named', async () => {
    const firm = await customer();
    const entries = await ledgerCount(ctx.db, firm.id);
    const added = await ctx.call('POST', '/api/operator/billing/adjustWallet', {
      token: finance,
      body: { userId: firm.id, asset: 0, delta: 2_000, reason: '线下转账补录' },
    });
    expect(added.data.after).toBe(2_000);
    expect(await ledgerCount(ctx.db, firm.id)).toBe(entries + 1);
    await expectLedgerMatches(ctx.db, firm.id);
    const [row] = await latestAudit(ctx, 1);
    expect(row).toMatchObject({ target_type: 'wallet', target_id: String(firm.id) });
    expect(row?.before).toEqual({ asset: 0, amount: 0 });
    expect(row?.after).toMatchObject({ asset: 0, amount: 2_000, delta: 2_000, reason: '线下转账补录' });

    const below = await ctx.call('POST', '/api/operator/billing/adjustWallet', {
      token: finance,
      body: { userId: firm.id, asset: 0, delta: -5_000, reason: '退款扣回' },
    });
    expect([below.status, below.data.fields]).toEqual([402, { delta: '调整后将小于 0，未调整' }]);
    const noReason = await ctx.call('POST', '/api/operator/billing/adjustWallet', {
      token: finance,
      body: { userId: firm.id, asset: 0, delta: 100, reason: '' },
    });
    expect([noReason.status, noReason.data.fields]).toEqual([400, { reason: '请填写调整原因' }]);
    expect((await wallet(ctx.db, firm.id)).balance).toBe(2_000);
    expect(await ledgerCount(ctx.db, firm.id)).toBe(entries + 1);
    expect((await latestAudit(ctx, 1))[0]?.id).toBe(row?.id);
  });
});
