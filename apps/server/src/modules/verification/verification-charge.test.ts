/**
 * How checks are paid: the operator's price or check credits, refunds when a check fails on our
 * side, and the sweep that refunds checks a crash left charged and unanswered.
 */
import { manualFace } from '@taxlens/engine/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { JOBS } from '../../jobs/registry.js';
import { expectLedgerMatches, operatorToken, wallet } from '../billing/test-support.js';
import {
  checkCreditsOf,
  sweepUnansweredChecks,
  UNANSWERED_MESSAGE,
  unansweredChecksJob,
} from './verification.charge.js';
import { LocalVerificationProvider, ProviderFailure, type VerificationProvider } from './verification.provider.js';
import { checkOne } from './verification.service.js';

let ctx: TestContext;
let main: string;
let operator: { id: number; token: string };
const BASE = '/api/InvoiceAuthenticity';
const SCOPE = { groupId: 1, userId: 1, level: 1 };

function recordOf(number: string) {
  const face = manualFace({ number, date: '20240514', fourth: '1060.00' }, '2026-01-10');
  return { face, format: 'manual' as const, layer: 'manual' as const, sourceName: '手工录入', notes: [] };
}

/** A provider whose answer waits until the test releases it: the process "dies" while it waits. */
function stalledProvider() {
  let release: () => void = () => {};
  const local = new LocalVerificationProvider();
  const provider: VerificationProvider = {
    name: 'local',
    label: local.label,
    description: local.description,
    quotaLimited: false,
    verify: async (face, results) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return local.verify(face, results);
    },
  };
  return { provider, release: () => release() };
}

async function ageCheck(id: number, minutes: number) {
  await ctx.db
    .updateTable('invoice_checks')
    .set({ created_at: new Date(Date.now() - minutes * 60_000) })
    .where('id', '=', id)
    .execute();
}

async function pendingCheckId(number: string): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const row = await ctx.db
      .selectFrom('invoice_checks')
      .select('id')
      .where('invoice_number', '=', number)
      .executeTakeFirst();
    if (row) return Number(row.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the check was never written');
}

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  operator = await operatorToken(ctx);
});
afterAll(() => ctx.close());

describe('checks charged and not answered', () => {
  it('the sweep refunds a check a crash left charged, once, and a late answer does not undo it', async () => {
    const before = await wallet(ctx.db, 1);
    const stalled = stalledProvider();
    const number = '24312000000136600001';
    const running = checkOne({ db: ctx.db, provider: stalled.provider }, SCOPE, 'crash-1', recordOf(number));
    const id = await pendingCheckId(number);
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance - 50);

    // Younger than the limit: possibly still running, left alone.
    expect(await sweepUnansweredChecks(ctx.db)).toEqual([]);
    await ageCheck(id, 11);
    expect(await sweepUnansweredChecks(ctx.db)).toEqual([id]);
    expect(await sweepUnansweredChecks(ctx.db)).toEqual([]);
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance);

    const detail = await ctx.call('GET', `${BASE}/infoById`, { token: main, query: { id: String(id) } });
    expect(detail.data).toMatchObject({ verdict: 'error', refunded: true, summary: UNANSWERED_MESSAGE });

    // The "dead" request answers after all: the refunded check stays refunded, nothing moves.
    stalled.release();
    const late = await running;
    expect(late).toMatchObject({ verdict: 'error', refunded: true });
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance);
    const flow = await ctx.db
      .selectFrom('ledger_entries')
      .select(['reason', 'delta'])
      .where('request_key', 'in', [`invoice_check:${id}`, `invoice_check_refund:${id}`])
      .orderBy('id')
      .execute();
    expect(flow.map((row) => [row.reason, Number(row.delta)])).toEqual([
      ['invoice_check', -50],
      ['invoice_check_refund', 50],
    ]);
    await expectLedgerMatches(ctx.db, 1);
  });

  it('runs as a scheduled pg-boss job', async () => {
    expect(JOBS).toContain(unansweredChecksJob);
    expect(unansweredChecksJob.cron).toBe('*/5 * * * *');
    const stalled = stalledProvider();
    const number = '24312000000136600002';
    void checkOne({ db: ctx.db, provider: stalled.provider }, SCOPE, 'crash-2', recordOf(number));
    const id = await pendingCheckId(number);
    await ageCheck(id, 30);
    const logged: unknown[] = [];
    await unansweredChecksJob.handle({}, {
      db: ctx.db,
      log: (_message: string, data?: unknown) => logged.push(data),
    } as never);
    expect(logged).toEqual([{ checkIds: [id] }]);
    stalled.release();
  });
});

describe('charged by price or by check credits, as the operator sets it', () => {
  const manual = (number: string) =>
    ctx.call('POST', `${BASE}/invoice/manualVerify`, {
      token: main,
      body: { number, date: '20240514', fourth: '1060.00' },
    });

  it('credit mode takes one 发票鉴伪次数 a check, refuses without one, and gives it back on our failure', async () => {
    const set = await ctx.call('POST', '/api/operator/verification/price', {
      token: operator.token,
      body: { groupId: 1, priceFen: 0, chargeMode: 'credit' },
    });
    expect(set.data).toEqual({ priceFen: 0, chargeMode: 'credit' });
    const info = await ctx.call('GET', `${BASE}/provider`, { token: main });
    expect(info.data).toMatchObject({ chargeMode: 'credit', checkCredits: 0 });

    const before = await wallet(ctx.db, 1);
    const refused = await manual('24312000000136600003');
    expect(refused.status).toBe(402);
    expect(refused.msg).toBe('发票鉴伪次数不足，请联系客服购买次数');
    expect(
      await ctx.db
        .selectFrom('invoice_checks')
        .select('id')
        .where('invoice_number', '=', '24312000000136600003')
        .execute(),
    ).toEqual([]);

    const denied = await ctx.call('POST', '/api/operator/verification/credits', {
      token: main,
      body: { phone: '13800000001', delta: 3, reason: '赠送' },
    });
    expect(denied.status).toBe(403);
    const granted = await ctx.call('POST', '/api/operator/verification/credits', {
      token: operator.token,
      body: { phone: '13800000001', delta: 3, reason: '购买鉴伪次数 3 次' },
    });
    expect(granted.data).toEqual({ checkCredits: 3 });

    const paid = await manual('24312000000136600003');
    expect(paid.status).toBe(200);
    expect(paid.data).toMatchObject({ chargedFen: 0, chargedCredits: 1 });
    expect(paid.data.checked[0]).toMatchObject({ paidWithCredit: true, priceFen: 0, refunded: false });
    expect(await checkCreditsOf(ctx.db, 1)).toBe(2);
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance);

    const failing: VerificationProvider = {
      name: 'local',
      label: '本地核验',
      description: '',
      quotaLimited: false,
      verify: async () => {
        throw new ProviderFailure(null, '核验服务暂不可用，已退回费用');
      },
    };
    const failed = await checkOne({ db: ctx.db, provider: failing }, SCOPE, 'fail-1', recordOf('24312000000136600004'));
    expect(failed).toMatchObject({ verdict: 'error', refunded: true, paidWithCredit: true });
    expect(await checkCreditsOf(ctx.db, 1)).toBe(2);

    // A crash in credit mode: the sweep gives the credit back too.
    const stalled = stalledProvider();
    void checkOne({ db: ctx.db, provider: stalled.provider }, SCOPE, 'crash-3', recordOf('24312000000136600005'));
    const id = await pendingCheckId('24312000000136600005');
    expect(await checkCreditsOf(ctx.db, 1)).toBe(1);
    await ageCheck(id, 20);
    expect(await sweepUnansweredChecks(ctx.db)).toEqual([id]);
    expect(await checkCreditsOf(ctx.db, 1)).toBe(2);
    stalled.release();

    const rows = await ctx.db
      .selectFrom('ledger_entries')
      .select(['reason', 'delta'])
      .where('user_id', '=', 1)
      .where('asset', '=', 7)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.reason, Number(row.delta)])).toEqual([
      ['operator_adjust', 3],
      ['invoice_check', -1],
      ['invoice_check', -1],
      ['invoice_check_refund', 1],
      ['invoice_check', -1],
      ['invoice_check_refund', 1],
    ]);
    await expectLedgerMatches(ctx.db, 1);
  });

  it('back to price mode: the balance pays again; taking back more credits than held changes nothing', async () => {
    await ctx.call('POST', '/api/operator/verification/price', {
      token: operator.token,
      body: { groupId: 1, priceFen: 80, chargeMode: 'price' },
    });
    const before = await wallet(ctx.db, 1);
    const paid = await manual('24312000000136600006');
    expect(paid.data.checked[0]).toMatchObject({ paidWithCredit: false, priceFen: 80 });
    expect((await wallet(ctx.db, 1)).balance).toBe(before.balance - 80);
    expect(await checkCreditsOf(ctx.db, 1)).toBe(2);

    const tooMany = await ctx.call('POST', '/api/operator/verification/credits', {
      token: operator.token,
      body: { phone: '13800000001', delta: -5, reason: '收回' },
    });
    expect(tooMany.status).toBe(402);
    expect(await checkCreditsOf(ctx.db, 1)).toBe(2);
    const settings = await ctx.call('GET', '/api/operator/verification/price', { token: operator.token });
    expect(settings.data).toEqual({
      default: { priceFen: 50, chargeMode: 'price' },
      groups: [{ groupId: 1, groupName: expect.any(String), priceFen: 80, chargeMode: 'price' }],
    });
    const nobody = await ctx.call('POST', '/api/operator/verification/credits', {
      token: operator.token,
      body: { phone: '13011112222', delta: 1, reason: '赠送' },
    });
    expect(nobody.status).toBe(404);
    expect(nobody.msg).toBe('该手机号没有账号');
    const badMode = await ctx.call('POST', '/api/operator/verification/price', {
      token: operator.token,
      body: { priceFen: 50, chargeMode: 'free' },
    });
    expect(badMode.status).toBe(400);
    expect(badMode.msg).toContain('计费方式应为 price 或 credit');
  });

  it('deleting a sub-account takes its check credits back to the main account', async () => {
    const staff = await createUser(ctx.db, { groupId: 1, level: 3 });
    await ctx.call('POST', '/api/operator/verification/credits', {
      token: operator.token,
      body: { phone: staff.phone, delta: 4, reason: '赠送' },
    });
    const mainBefore = await checkCreditsOf(ctx.db, 1);
    const deleted = await ctx.call('POST', '/api/userInfo/delUserDetails', { token: main, body: { userId: staff.id } });
    expect(deleted.code).toBe(0);
    expect(await checkCreditsOf(ctx.db, staff.id)).toBe(0);
    expect(await checkCreditsOf(ctx.db, 1)).toBe(mainBefore + 4);
    const back = await ctx.db
      .selectFrom('wallet_transfers')
      .select(['asset', 'amount'])
      .where('from_user_id', '=', staff.id)
      .execute();
    expect(back.map((row) => [row.asset, Number(row.amount)])).toEqual([[7, 4]]);
    await expectLedgerMatches(ctx.db, staff.id);
    await expectLedgerMatches(ctx.db, 1);
  });
});
