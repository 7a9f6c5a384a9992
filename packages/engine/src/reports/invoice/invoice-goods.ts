import type { NormalizedInvoiceLine } from '../../model/invoice.js';
import { goodsKeyOf, natureOf, rateLabelOf, type SupplyNature } from './invoice-classify.js';
import type { SideView } from './invoice-context.js';

export interface GoodsAggregate {
  key: string;
  taxCode: string | null;
  category: string | null;
  name: string;
  nature: SupplyNature;
  amountFen: number;
  taxFen: number;
  lineCount: number;
  invoiceKeys: string[];
}

/** Lines of one side summed once by goods key and by nature; cached per side view. */
export interface GoodsProfile {
  lineCount: number;
  netAmountFen: number;
  /** Share of absolute line amount that carries a 税收分类编码. */
  codedShare: number;
  byNature: Map<SupplyNature, number>;
  byKey: Map<string, GoodsAggregate>;
}

const profiles = new WeakMap<SideView, GoodsProfile>();

export function goodsProfileOf(side: SideView): GoodsProfile {
  const cached = profiles.get(side);
  if (cached) return cached;
  const byNature = new Map<SupplyNature, number>();
  const byKey = new Map<string, GoodsAggregate>();
  let netAmountFen = 0;
  let absolute = 0;
  let coded = 0;
  for (const line of side.lines) {
    netAmountFen += line.amountFen;
    const size = Math.abs(line.amountFen);
    absolute += size;
    if (line.taxCode?.trim()) coded += size;
    const nature = natureOf(line);
    byNature.set(nature, (byNature.get(nature) ?? 0) + line.amountFen);
    const key = goodsKeyOf(line);
    let aggregate = byKey.get(key);
    if (!aggregate) {
      aggregate = {
        key,
        taxCode: line.taxCode,
        category: line.category,
        name: line.itemName || line.itemText,
        nature,
        amountFen: 0,
        taxFen: 0,
        lineCount: 0,
        invoiceKeys: [],
      };
      byKey.set(key, aggregate);
    }
    aggregate.amountFen += line.amountFen;
    aggregate.taxFen += line.taxFen;
    aggregate.lineCount += 1;
    if (aggregate.invoiceKeys.at(-1) !== line.invoiceKey) aggregate.invoiceKeys.push(line.invoiceKey);
  }
  const profile = {
    lineCount: side.lines.length,
    netAmountFen,
    codedShare: absolute > 0 ? coded / absolute : 0,
    byNature,
    byKey,
  };
  profiles.set(side, profile);
  return profile;
}

export function natureShare(profile: GoodsProfile, nature: SupplyNature): number {
  return profile.netAmountFen > 0 ? (profile.byNature.get(nature) ?? 0) / profile.netAmountFen : 0;
}

/** Goods keys of one nature with a positive net amount. */
export function keysOfNature(profile: GoodsProfile, nature: SupplyNature): Set<string> {
  const keys = new Set<string>();
  for (const aggregate of profile.byKey.values()) {
    if (aggregate.nature === nature && aggregate.amountFen > 0) keys.add(aggregate.key);
  }
  return keys;
}

export interface RateUse {
  rate: string;
  amountFen: number;
  lineCount: number;
  invoiceKeys: string[];
}

export interface RateSpreadRow {
  key: string;
  taxCode: string | null;
  category: string | null;
  rates: RateUse[];
}

/**
 * Goods sold at more than one rate. Zero rate (exports) and unrated lines are left out, and 1% and 3%
 * count as one rate because small-scale taxpayers switch between them by policy (减按1%).
 */
export function rateSpreadOf(lines: readonly NormalizedInvoiceLine[]): RateSpreadRow[] {
  const byKey = new Map<string, { row: RateSpreadRow; rates: Map<string, RateUse> }>();
  for (const line of lines) {
    if (line.amountFen <= 0 || line.taxRateBp === null || line.taxRateBp === 0) continue;
    const rate = line.taxRateBp === 100 || line.taxRateBp === 300 ? '3%/1%' : rateLabelOf(line);
    const key = line.taxCode?.trim() || goodsKeyOf(line);
    let entry = byKey.get(key);
    if (!entry) {
      entry = { row: { key, taxCode: line.taxCode, category: line.category, rates: [] }, rates: new Map() };
      byKey.set(key, entry);
    }
    let use = entry.rates.get(rate);
    if (!use) {
      use = { rate, amountFen: 0, lineCount: 0, invoiceKeys: [] };
      entry.rates.set(rate, use);
    }
    use.amountFen += line.amountFen;
    use.lineCount += 1;
    use.invoiceKeys.push(line.invoiceKey);
  }
  const spread: RateSpreadRow[] = [];
  for (const { row, rates } of byKey.values()) {
    if (rates.size < 2) continue;
    row.rates = [...rates.values()].sort((a, b) => b.amountFen - a.amountFen);
    spread.push(row);
  }
  return spread.sort((a, b) => a.key.localeCompare(b.key));
}
