import { reportKindByReportType } from '@taxlens/shared';

/**
 * What a report request will use, as the server charges it (billing/payer.service.ts): the
 * user's own wallet, else (shared wallet mode) the group wallet within the monthly limit.
 */
export type PayWith = 'credit' | 'balance' | 'group-credit' | 'group-balance' | 'insufficient' | 'limit' | 'unknown';

export interface CostPreview {
  payWith: PayWith;
  /** Remaining credits of the report's type in the wallet that pays (own, or the group's). */
  credits: number;
  priceFen: number;
  /** Null when the user may not see the balance. */
  balanceFen: number | null;
  /** Shared mode: what is left of this month's limit (null: no limit or not shared). */
  limitLeftFen: number | null;
}

export interface CostSource {
  balance: number | null;
  numberList: readonly { type: number; count: number }[];
  groupWallet?: { balance: number | null; numberList: readonly { type: number; count: number }[] } | null;
  monthlyLimitFen?: number | null;
  monthlyUsedFen?: number;
  [priceField: string]: unknown;
}

/**
 * One credit of the report's type first, else the price from the balance; in shared mode the
 * same from the group wallet within the monthly limit; else 余额不足 (or 额度不足). Without the
 * right to see the balance the client cannot tell; the server decides (402 if short).
 */
export function costPreview(details: CostSource, reportType: string): CostPreview {
  const kind = reportKindByReportType(reportType);
  const countOf = (list: CostSource['numberList']) => list.find((item) => item.type === kind?.type)?.count ?? 0;
  const credits = countOf(details.numberList);
  const rawPrice = kind ? details[kind.priceField] : undefined;
  const priceFen = typeof rawPrice === 'number' ? rawPrice : 0;
  const balanceFen = details.balance;
  const own = { credits, priceFen, balanceFen, limitLeftFen: null };
  if (credits > 0) return { payWith: 'credit', ...own };
  if (priceFen === 0 || (balanceFen !== null && balanceFen >= priceFen)) return { payWith: 'balance', ...own };
  const group = details.groupWallet;
  if (!group) return { payWith: balanceFen === null ? 'unknown' : 'insufficient', ...own };
  const limit = details.monthlyLimitFen ?? null;
  const limitLeftFen = limit === null ? null : Math.max(0, limit - (details.monthlyUsedFen ?? 0));
  const shared = { credits: countOf(group.numberList), priceFen, balanceFen: group.balance, limitLeftFen };
  if (limitLeftFen !== null && limitLeftFen < priceFen) return { payWith: 'limit', ...shared };
  if (shared.credits > 0) return { payWith: 'group-credit', ...shared };
  if (group.balance === null) return { payWith: 'unknown', ...shared };
  return { payWith: group.balance >= priceFen ? 'group-balance' : 'insufficient', ...shared };
}

/** The request cannot go through as things stand: the submit button waits. */
export function blocked(cost: CostPreview | null): boolean {
  return cost?.payWith === 'insufficient' || cost?.payWith === 'limit';
}
