/**
 * Metering of lead searches as the operator sets it (toker_prices): search_price_fen from the
 * balance ('price') or one 拓客次数 ('credit') per search, and the export limit of the plan. The
 * usage right of spec §2 (the no-permission overlay: flowTime null or above 48 and tokerUser 0) is
 * enforced here too, so a client that hides no overlay still gets nothing.
 */
import { NO_PERMISSION_FLOW_TIME_HOURS, TOKER_MESSAGES } from '@taxlens/shared';
import type { DbOrTx, Tx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { flowTimeOf } from '../auth/auth.presenter.js';
import { walletContext } from '../billing/payer.service.js';
import { type Asset, lockWallets, moveAsset, TOKER_CREDIT_ASSET } from '../billing/wallet.repo.js';

export interface TokerPlan {
  chargeMode: 'price' | 'credit';
  searchPriceFen: number;
  exportLimit: number;
}

/** The group's own setting, else the installation's default. */
export async function tokerPlanOf(db: DbOrTx, groupId: number | null): Promise<TokerPlan> {
  const rows = await db
    .selectFrom('toker_prices')
    .select(['group_id', 'charge_mode', 'search_price_fen', 'export_limit'])
    .where((eb) => eb.or([eb('group_id', 'is', null), eb('group_id', '=', groupId ?? 0)]))
    .execute();
  const row = rows.find((item) => item.group_id !== null) ?? rows[0];
  return {
    chargeMode: row?.charge_mode ?? 'price',
    searchPriceFen: Number(row?.search_price_fen ?? 0),
    exportLimit: Number(row?.export_limit ?? 500),
  };
}

/** Spec §2/§9: no usage right when tokerUser is 0 and flowTime is null or above 48 hours. */
export async function hasUsageRight(db: DbOrTx, groupId: number): Promise<boolean> {
  const group = await db
    .selectFrom('groups')
    .select(['toker_user', 'trial_started_at'])
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
  if (group.toker_user !== 0) return true;
  const flowTime = flowTimeOf(group.trial_started_at);
  return flowTime !== null && flowTime <= NO_PERMISSION_FLOW_TIME_HOURS;
}

export async function requireUsageRight(db: DbOrTx, groupId: number): Promise<void> {
  if (!(await hasUsageRight(db, groupId))) throw new AppError('FORBIDDEN', TOKER_MESSAGES.noUsageRight);
}

export interface SearchCharge {
  paidWith: 'price' | 'credit' | 'free';
  cost: number;
  payerUserId: number | null;
  ledgerEntryId: number | null;
}

/**
 * Takes the charge of one search inside the caller's transaction (the usage row is written in the
 * same one): the searcher's own wallet, or in a group with the shared wallet the main account's
 * when the searcher's own cannot pay. Short: 402 with what is short, nothing changed.
 */
export async function chargeSearch(
  tx: Tx,
  input: { groupId: number; userId: number; searchId: number; plan: TokerPlan },
): Promise<SearchCharge> {
  const { plan } = input;
  const credit = plan.chargeMode === 'credit';
  if (!credit && plan.searchPriceFen === 0)
    return { paidWith: 'free', cost: 0, payerUserId: null, ledgerEntryId: null };
  const asset: Asset = credit ? TOKER_CREDIT_ASSET : 0;
  const amount = credit ? 1 : plan.searchPriceFen;
  const context = await walletContext(tx, input.groupId, input.userId);
  const shared = context.mode === 'shared' && !context.isMain && context.mainId !== null;
  const ids = shared && context.mainId !== null ? [input.userId, context.mainId] : [input.userId];
  await lockWallets(tx, input.groupId, ids);
  const held = await tx
    .selectFrom('wallets')
    .select(['user_id', 'balance_fen', 'toker_credits'])
    .where('user_id', 'in', ids)
    .execute();
  const canPay = (userId: number) => {
    const wallet = held.find((row) => Number(row.user_id) === userId);
    return Number(credit ? (wallet?.toker_credits ?? 0) : (wallet?.balance_fen ?? 0)) >= amount;
  };
  const payer = canPay(input.userId) ? input.userId : shared && context.mainId !== null ? context.mainId : input.userId;
  const moved = await moveAsset(tx, {
    groupId: input.groupId,
    userId: payer,
    asset,
    delta: -amount,
    reason: 'toker_search',
    note: '智能拓客搜索',
    actorId: input.userId,
    counterpartUserId: payer === input.userId ? null : input.userId,
    requestKey: `toker_search:${input.searchId}`,
    insufficientMessage: credit ? TOKER_MESSAGES.creditsShort : TOKER_MESSAGES.balanceShort(plan.searchPriceFen),
  });
  return { paidWith: plan.chargeMode, cost: amount, payerUserId: payer, ledgerEntryId: moved.entryId };
}
