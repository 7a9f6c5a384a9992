import { formatFen } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx, Tx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { monthStart } from './period.repo.js';
import { type Asset, lockWallets, type WalletRow } from './wallet.repo.js';

export type WalletMode = 'shared' | 'own';

/** Who pays a report request, and with what: decided under the wallet locks of the charge. */
export interface PaymentPlan {
  /** The wallet charged: the requester's own, or the main account's (a shared draw). */
  payerUserId: number;
  shared: boolean;
  paidWith: Asset;
  amount: number;
}

interface PlanRequest {
  groupId: number;
  userId: number;
  creditType: number;
  priceFen: number;
  kindName: string;
}

/** The requester, its group's wallet mode and the main account it asks when short. */
export async function walletContext(db: DbOrTx, groupId: number, userId: number) {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('groups as g', 'g.id', 'u.group_id')
    .select(['u.level', 'u.monthly_limit_fen', 'g.wallet_mode'])
    .where('u.id', '=', userId)
    .where('u.group_id', '=', groupId)
    .executeTakeFirst();
  const main = await db
    .selectFrom('users')
    .select(['id', 'phone', 'nick_name'])
    .where('group_id', '=', groupId)
    .where('level', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  const mainId = main ? Number(main.id) : null;
  const isMain = row?.level === 1 || mainId === null || mainId === userId;
  return {
    mode: (row?.wallet_mode ?? 'own') as WalletMode,
    isMain,
    mainId,
    /** "主账号 张三（13800000001）": whom a sub-account asks for money. */
    mainLabel: main ? `主账号${main.nick_name ? ` ${main.nick_name}` : ''}（${main.phone}）` : '主账号',
    monthlyLimitFen:
      row?.monthly_limit_fen === null || row?.monthly_limit_fen === undefined ? null : Number(row.monthly_limit_fen),
  };
}

/** What a sub-account drew from the group wallet this calendar month, at report prices, refunds excluded. */
export async function sharedUsedThisMonth(db: DbOrTx, groupId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('report_charges')
    .select(sql<string>`coalesce(sum(price_fen), 0)`.as('used'))
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('payer_user_id', 'is not', null)
    .where('refunded_at', 'is', null)
    .where('created_at', '>=', monthStart())
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

/** One credit of the type, else the price from the balance, else null (this wallet cannot pay). */
function payFrom(wallet: WalletRow | undefined, creditType: number, priceFen: number) {
  if ((wallet?.credits[creditType - 1] ?? 0) > 0) return { paidWith: creditType as Asset, amount: 1 };
  if ((wallet?.balanceFen ?? 0) >= priceFen) return { paidWith: 0 as Asset, amount: priceFen };
  return null;
}

/**
 * Decides the paying wallet and locks it (and the requester's) for the caller's transaction.
 * 'own' mode and the main account: the requester's wallet or 402. 'shared' mode: the requester's
 * own wallet first (so transferred credits are not stranded), else the main account's within the
 * requester's monthly limit. Every refusal says what is short and whom to ask.
 */
export async function planPayment(tx: Tx, request: PlanRequest): Promise<PaymentPlan> {
  const context = await walletContext(tx, request.groupId, request.userId);
  const need = `生成${request.kindName}需 ${formatFen(request.priceFen)} 元或 1 次报告次数`;
  const shared = context.mode === 'shared' && !context.isMain && context.mainId !== null;
  const ids = shared && context.mainId !== null ? [request.userId, context.mainId] : [request.userId];
  const wallets = await lockWallets(tx, request.groupId, ids);
  const own = wallets.find((wallet) => wallet.userId === request.userId);
  const ownPay = payFrom(own, request.creditType, request.priceFen);
  if (ownPay) return { payerUserId: request.userId, shared: false, ...ownPay };
  if (!shared || context.mainId === null) {
    if (context.isMain) throw new AppError('INSUFFICIENT_FUNDS', `余额不足，请充值（${need}）`);
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      `您的账户余额与次数不足（${need}），请联系${context.mainLabel}为您划拨余额或报告次数`,
    );
  }
  const groupPay = payFrom(
    wallets.find((wallet) => wallet.userId === context.mainId),
    request.creditType,
    request.priceFen,
  );
  if (!groupPay) {
    throw new AppError('INSUFFICIENT_FUNDS', `团队余额不足（${need}），请联系${context.mainLabel}充值`);
  }
  if (context.monthlyLimitFen !== null) {
    // The main wallet is locked: this user's concurrent draws wait here, so the sum is current.
    const used = await sharedUsedThisMonth(tx, request.groupId, request.userId);
    if (used + request.priceFen > context.monthlyLimitFen) {
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `您本月的报告额度不足（限额 ${formatFen(context.monthlyLimitFen)} 元，已用 ${formatFen(used)} 元，本次需 ${formatFen(request.priceFen)} 元），请联系${context.mainLabel}调整额度`,
      );
    }
  }
  return { payerUserId: context.mainId, shared: true, ...groupPay };
}
