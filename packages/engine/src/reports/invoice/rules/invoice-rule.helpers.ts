import type { NormalizedInvoiceLine } from '../../../model/invoice.js';
import type { InsufficientOutcome } from '../../../rules/define-rule.js';
import { percent } from '../../../rules/display.js';
import type { FindingFigure } from '../../../rules/finding.types.js';
import type { RuleReportType } from '../../../rules/rule.types.js';

export const INVOICE_REPORT_TYPES: readonly RuleReportType[] = ['INVOICE', 'COMPREHENSIVE'];

/**
 * What a threshold rests on, in the words a client report can carry: regulations by their official
 * number, and for figures no regulation fixes, the firm's own experience threshold with what it is
 * calibrated on. Never a website, an internal note or a rule id (checked by client-text.test.ts).
 */
export const EXPERIENCE = '本机构经验阈值（参照税务师实务中常用的预警口径设定，平台可按行业、地区调整）';

export const SOURCE = {
  assessment: '《纳税评估管理办法（试行）》（国税发〔2005〕43号）（该办法规定指标公式，预警值由各地税务机关确定）',
  ours: EXPERIENCE,
  creditRule: '《纳税缴费信用管理办法》（国家税务总局公告2025年第12号）',
  notice38: '《国家税务总局关于异常增值税扣税凭证管理等有关事项的公告》（国家税务总局公告2019年第38号）',
  digitalWarning: '数电发票风险监控关注的开票行为（税务机关未公布具体数值）',
} as const;

export const NO_SALES: InsufficientOutcome = {
  level: 'insufficient',
  missingData: ['销项发票（本期未见任何销项发票，无法区分确无销售与导出缺失）'],
};

export const NO_PURCHASES: InsufficientOutcome = {
  level: 'insufficient',
  missingData: ['进项发票（本期未见任何进项发票，无法区分确无采购与导出缺失）'],
};

export function fenFigure(label: string, fen: number): FindingFigure {
  return { label, value: fen, unit: 'fen' };
}

export function pctFigure(label: string, ratio: number): FindingFigure {
  return { label, value: percent(ratio), unit: '%' };
}

export function countFigure(label: string, count: number, unit = '张'): FindingFigure {
  return { label, value: count, unit };
}

/** Adds `amount` to the number under `key`. */
export function addTo<K>(map: Map<K, number>, key: K, amount: number): void {
  map.set(key, (map.get(key) ?? 0) + amount);
}

/** Pushes onto the list under `key`, creating it on first use. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const lineTextVerdicts = new WeakMap<RegExp, Map<string, Map<string, boolean>>>();

/**
 * Whether a line's `${category}${itemName}` matches a pattern (without the g or y flag), decided
 * once per distinct category and name instead of once per line: 100 000 lines carry a few
 * hundred distinct goods, and several rules test each line (issue 21). Caches grow only with the
 * distinct goods a process meets and are dropped with their pattern's map when too large.
 */
export function lineTextMatches(pattern: RegExp, line: NormalizedInvoiceLine): boolean {
  let byCategory = lineTextVerdicts.get(pattern);
  if (!byCategory || byCategory.size > 10_000) {
    byCategory = new Map();
    lineTextVerdicts.set(pattern, byCategory);
  }
  const category = line.category ?? '';
  let byName = byCategory.get(category);
  if (!byName) {
    byName = new Map();
    byCategory.set(category, byName);
  } else if (byName.size > 10_000) byName.clear();
  let verdict = byName.get(line.itemName);
  if (verdict === undefined) {
    verdict = pattern.test(`${category}${line.itemName}`);
    byName.set(line.itemName, verdict);
  }
  return verdict;
}
