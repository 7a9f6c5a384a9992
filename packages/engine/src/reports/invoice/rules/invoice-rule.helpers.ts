import type { InsufficientOutcome } from '../../../rules/define-rule.js';
import { percent } from '../../../rules/display.js';
import type { FindingFigure } from '../../../rules/finding.types.js';
import type { RuleReportType } from '../../../rules/rule.types.js';

export const INVOICE_REPORT_TYPES: readonly RuleReportType[] = ['INVOICE', 'COMPREHENSIVE'];

/** Sources named in `basis`; practitioner figures are labelled as such (domain-facts §3.2). */
export const SOURCE = {
  assessment: '国税发〔2005〕43号《纳税评估管理办法（试行）》（只规定指标公式，预警值由各地自定）',
  openImpl: '实务口径：某开源税务风险检测实现的默认阈值（非官方）',
  cwabc: '实务口径：cwabc.cn 税务风险指标文章（非官方）',
  waihuics: '实务口径：waihuics.com 风险指标文章（非官方）',
  gddaxing: '实务口径：gddaxing.cn 题库文章（非官方）',
  lecaihui: '实务口径：58lecaihui.com 风险指标文章（非官方）',
  creditRule: '纳税信用评价规则（2025年表述，经 288gs.com 转载）',
  travel: '实务口径：数电发票红黄蓝预警说明（travel.7890.net 转载，非官方）',
  notice38: '国家税务总局公告2019年第38号（异常增值税扣税凭证管理）',
  ours: '本产品设定（无公开阈值，可按行业、地区调整）',
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
