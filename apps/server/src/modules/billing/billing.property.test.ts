import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { createDb, type Db } from '../../db/kysely.js';
import { type ChargeResult, chargeForReport, refundCharge } from './charges.service.js';
import { expectLedgerMatches, notify, signedNotification } from './test-support.js';

/**
 * Random interleavings of charges, refunds, transfers and top-ups, all started at once on
 * separate connections (HTTP requests through the app, and service calls in their own
 * transactions on a second pool). After each run: no wallet below zero, every wallet equal to
 * its ledger, and money conserved: Σ wallets = top-ups − charges + refunds, per asset.
 */
let ctx: TestContext;
let extra: Db;
let groupId: number;
let users: { id: number; token: string }[];
beforeAll(async () => {
  ctx = await createTestContext({ template: 'empty' });
  extra = createDb(ctx.url, 12).db;
  groupId = await createGroup(ctx.db, '性质测试集团');
  users = [];
  for (const level of [1, 3, 3, 3] as const) {
    const user = await createUser(ctx.db, { groupId, level });
    users.push({ id: user.id, token: await ctx.login(user.phone) });
  }
});
afterAll(async () => {
  await extra.destroy();
  await ctx.close();
});

type Op =
  | { kind: 'topUp'; user: number; amountFen: number }
  | { kind: 'package'; user: number; packageId: 1 | 2 | 3 | 4 }
  | { kind: 'charge'; user: number; creditType: 1 | 2 | 3 | 4 | 5 | 6; key: number }
  | { kind: 'refund'; key: number; earlierRun: boolean }
  | { kind: 'give'; to: number; asset: number; amount: number }
  | { kind: 'takeBack'; from: number; asset: number; amount: number };

const userIndex = fc.integer({ min: 0, max: 3 });
const subIndex = fc.integer({ min: 1, max: 3 });
const key = fc.integer({ min: 0, max: 7 });
const creditType = fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const, 5 as const, 6 as const);
const asset = fc.oneof(fc.constant(0), fc.constant(1), fc.constant(4));
const delay = fc.integer({ min: 0, max: 20 });
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('topUp' as const),
    user: userIndex,
    amountFen: fc.integer({ min: 100, max: 200_000 }),
  }),
  fc.record({
    kind: fc.constant('package' as const),
    user: userIndex,
    packageId: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const),
  }),
  fc.record({ kind: fc.constant('charge' as const), user: userIndex, creditType, key }),
  fc.record({ kind: fc.constant('refund' as const), key, earlierRun: fc.boolean() }),
  fc.record({ kind: fc.constant('give' as const), to: subIndex, asset, amount: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({
    kind: fc.constant('takeBack' as const),
    from: subIndex,
    asset,
    amount: fc.integer({ min: 1, max: 60_000 }),
  }),
);

/** Balance and credits 1-6 that the seeded packages of migration 0010 grant. */
const SEEDED_PACKAGES = {
  1: [100_000, 0, 2, 0, 0, 0, 0],
  2: [550_000, 5, 5, 2, 0, 0, 0],
  3: [1_200_000, 10, 10, 10, 5, 5, 5],
  4: [0, 10, 0, 0, 0, 0, 0],
} as const;

/** What the runs did, by what the calls answered: 7 slots, balance (fen) and credit types 1-6. */
const expected = [0, 0, 0, 0, 0, 0, 0];
/** Every charge made so far, by id: a refund may reverse one of an earlier run. */
const charges = new Map<number, ChargeResult>();
const tally = { charges: 0, refunds: 0, transfers: 0, refused: 0 };
let run = 0;

async function perform(op: Op, runId: number, charged: number[], refunded: number[]) {
  const as = (index: number) => users[index] as { id: number; token: string };
  const main = as(0);
  switch (op.kind) {
    case 'topUp':
    case 'package': {
      const body = op.kind === 'topUp' ? { amountFen: op.amountFen } : { packageId: op.packageId };
      const order = await ctx.call('POST', '/api/Order/unifiedOrder', {
        token: as(op.user).token,
        body: { ...body, payMethod: 'sandbox' },
      });
      const answer = await notify(
        ctx,
        await signedNotification(ctx.db, { orderNo: order.data.orderNo, amountFen: order.data.amountFen }),
      );
      if (answer.data?.outcome !== 'credited') throw new Error(`top-up not credited: ${answer.msg}`);
      const granted = op.kind === 'topUp' ? [op.amountFen, 0, 0, 0, 0, 0, 0] : SEEDED_PACKAGES[op.packageId];
      granted.forEach((amount, slot) => {
        expected[slot]! += amount;
      });
      return;
    }
    case 'charge': {
      const result = await extra
        .transaction()
        .execute((tx) =>
          chargeForReport(tx, {
            groupId,
            userId: as(op.user).id,
            creditType: op.creditType,
            requestKey: `run${runId}-key${op.key}`,
          }),
        )
        .catch((error: { status?: number }) => {
          // Not enough money (402) or the key already charged to someone else (409): nothing moved.
          if (error.status === 402 || error.status === 409) return null;
          throw error;
        });
      if (result && !result.replayed) {
        charges.set(result.chargeId, result);
        charged.push(result.chargeId);
      }
      return;
    }
    case 'refund': {
      const result = await extra
        .transaction()
        .execute((tx) =>
          refundCharge(tx, {
            groupId,
            requestKey: `run${op.earlierRun ? runId - 1 : runId}-key${op.key}`,
            reason: '性质测试',
          }),
        )
        .catch((error: { status?: number }) => {
          if (error.status === 404) return null;
          throw error;
        });
      if (result && !result.replayed) refunded.push(result.chargeId);
      return;
    }
    case 'give':
    case 'takeBack': {
      const other = op.kind === 'give' ? { toUserId: as(op.to).id } : { fromUserId: as(op.from).id };
      const amount =
        op.asset === 0 ? { balance: op.amount } : { numberType: op.asset, count: Math.ceil(op.amount / 10_000) };
      const answer = await ctx.call('POST', op.kind === 'give' ? '/api/userInfo/giving' : '/api/userInfo/takeBack', {
        token: main.token,
        body: { ...other, ...amount },
      });
      if (answer.status !== 200 && answer.status !== 402) throw new Error(`transfer: ${answer.status} ${answer.msg}`);
      if (answer.status === 200) tally.transfers++;
      else tally.refused++;
    }
  }
}

describe('billing under concurrency (property)', () => {
  it('never goes negative, always equals its ledger, and conserves money', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(opArbitrary, delay), { minLength: 10, maxLength: 40 }), async (ops) => {
        const runId = ++run;
        const charged: number[] = [];
        const refunded: number[] = [];
        // All started at once; a small random delay varies which transactions meet.
        await Promise.all(
          ops.map(async ([op, wait]) => {
            await new Promise((resolve) => setTimeout(resolve, wait));
            await perform(op, runId, charged, refunded);
          }),
        );
        tally.charges += charged.length;
        tally.refunds += refunded.length;
        for (const chargeId of charged) {
          const charge = charges.get(chargeId) as ChargeResult;
          expected[charge.paidWith === 'credit' ? await creditTypeOf(chargeId) : 0]! -= charge.amount;
        }
        for (const chargeId of refunded) {
          const charge = charges.get(chargeId);
          if (!charge) throw new Error(`refund of a charge the test did not make: ${chargeId}`);
          expected[charge.paidWith === 'credit' ? await creditTypeOf(chargeId) : 0]! += charge.amount;
        }

        const wallets = await ctx.db
          .selectFrom('wallets')
          .select(['user_id', 'balance_fen', 'credits'])
          .where('group_id', '=', groupId)
          .execute();
        const held = [0, 0, 0, 0, 0, 0, 0];
        for (const wallet of wallets) {
          expect(Number(wallet.balance_fen)).toBeGreaterThanOrEqual(0);
          expect(wallet.credits.every((count) => count >= 0)).toBe(true);
          held[0]! += Number(wallet.balance_fen);
          wallet.credits.forEach((count, index) => {
            held[index + 1]! += count;
          });
          await expectLedgerMatches(ctx.db, Number(wallet.user_id));
        }
        expect(held).toEqual(expected);
        const credited = await ctx.db
          .selectFrom('ledger_entries')
          .select(['order_id', 'asset', sql<string>`count(*)`.as('n')])
          .where('group_id', '=', groupId)
          .where('order_id', 'is not', null)
          .groupBy(['order_id', 'asset'])
          .having(sql<boolean>`count(*) > 1`)
          .execute();
        expect(credited).toEqual([]);
      }),
      { numRuns: 15 },
    );
    // The runs must have exercised every kind of move, not only refusals.
    expect(tally.charges).toBeGreaterThan(5);
    expect(tally.refunds).toBeGreaterThan(0);
    expect(tally.transfers).toBeGreaterThan(5);
    if (process.env.BILLING_PROPERTY_TALLY) console.log(tally, expected);
  }, 120_000);
});

async function creditTypeOf(chargeId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('report_charges')
    .select('paid_with')
    .where('id', '=', chargeId)
    .executeTakeFirstOrThrow();
  return row.paid_with;
}
