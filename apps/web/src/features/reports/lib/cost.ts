import { reportKindByReportType } from '@taxlens/shared';

/** What a report request will use, as the server charges it (billing/charges.service.ts). */
export type PayWith = 'credit' | 'balance' | 'insufficient' | 'unknown';

export interface CostPreview {
  payWith: PayWith;
  /** Remaining credits of the report's type. */
  credits: number;
  priceFen: number;
  /** Null when the user may not see the balance. */
  balanceFen: number | null;
}

export interface CostSource {
  balance: number | null;
  numberList: readonly { type: number; count: number }[];
  [priceField: string]: unknown;
}

/**
 * One credit of the report's type first, else the price from the balance, else 余额不足. Without
 * the right to see the balance the client cannot tell; the server decides (402 if short).
 */
export function costPreview(details: CostSource, reportType: string): CostPreview {
  const kind = reportKindByReportType(reportType);
  const credits = details.numberList.find((item) => item.type === kind?.type)?.count ?? 0;
  const rawPrice = kind ? details[kind.priceField] : undefined;
  const priceFen = typeof rawPrice === 'number' ? rawPrice : 0;
  const balanceFen = details.balance;
  let payWith: PayWith;
  if (credits > 0) payWith = 'credit';
  else if (priceFen === 0) payWith = 'balance';
  else if (balanceFen === null) payWith = 'unknown';
  else payWith = balanceFen >= priceFen ? 'balance' : 'insufficient';
  return { payWith, credits, priceFen, balanceFen };
}
