import { percent, share } from '../../rules/display.js';
import type { InvoiceRuleInput } from './invoice-context.js';
import { type GoodsProfile, goodsProfileOf, rateSpreadOf } from './invoice-goods.js';
import type { GoodsRow, InvoiceGoods } from './invoice-report.types.js';

const TOP_ROWS = 10;
const UNMATCHED_ROWS = 20;

function topRows(profile: GoodsProfile): GoodsRow[] {
  return [...profile.byKey.values()]
    .sort((a, b) => b.amountFen - a.amountFen)
    .slice(0, TOP_ROWS)
    .map((aggregate) => ({
      key: aggregate.key,
      taxCode: aggregate.taxCode,
      category: aggregate.category,
      name: aggregate.name,
      amountFen: aggregate.amountFen,
      taxFen: aggregate.taxFen,
      lineCount: aggregate.lineCount,
      sharePct: percent(share(aggregate.amountFen, profile.netAmountFen)),
    }));
}

/** Categories with a positive amount on one side and none on the other, largest first. */
function unmatched(own: GoodsProfile, other: GoodsProfile): { category: string; amountFen: number }[] {
  return [...own.byKey.values()]
    .filter((aggregate) => aggregate.amountFen > 0 && !((other.byKey.get(aggregate.key)?.amountFen ?? 0) > 0))
    .sort((a, b) => b.amountFen - a.amountFen)
    .slice(0, UNMATCHED_ROWS)
    .map((aggregate) => ({ category: aggregate.key, amountFen: aggregate.amountFen }));
}

export function buildGoods(input: InvoiceRuleInput): InvoiceGoods {
  const sales = goodsProfileOf(input.sales);
  const purchases = goodsProfileOf(input.purchases);
  return {
    sales: topRows(sales),
    purchases: topRows(purchases),
    soldNotBought: unmatched(sales, purchases),
    boughtNotSold: unmatched(purchases, sales),
    salesRateSpread: rateSpreadOf(input.sales.lines).map((row) => ({
      key: row.key,
      taxCode: row.taxCode,
      category: row.category,
      rates: row.rates.map((use) => ({ rate: use.rate, amountFen: use.amountFen, lineCount: use.lineCount })),
    })),
  };
}
