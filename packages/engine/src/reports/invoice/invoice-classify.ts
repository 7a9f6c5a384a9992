import type { TaxpayerType } from '@taxlens/shared';
import type { NormalizedInvoice, NormalizedInvoiceLine } from '../../model/invoice.js';

/** Nature of a supply from the first digit of the 税收分类编码. */
export type SupplyNature = 'goods' | 'labour' | 'services' | 'intangibles' | 'realEstate' | 'nonTaxable' | 'unknown';

const NATURE_BY_DIGIT: Readonly<Record<string, SupplyNature>> = {
  '1': 'goods',
  '2': 'labour',
  '3': 'services',
  '4': 'intangibles',
  '5': 'realEstate',
  '6': 'nonTaxable',
};

export function natureOf(line: NormalizedInvoiceLine): SupplyNature {
  const digit = line.taxCode?.trim().charAt(0);
  return (digit && NATURE_BY_DIGIT[digit]) || 'unknown';
}

/** The key goods are matched by across sides: the *category* short name, else the tax code, else the name. */
export function goodsKeyOf(line: NormalizedInvoiceLine): string {
  return line.category?.trim() || line.taxCode?.trim() || line.itemName.trim() || line.itemText.trim() || '未注明';
}

// Words that mark an organisation rather than a person in a buyer name.
const ORGANISATION_WORDS =
  /公司|企业|集团|厂|店|部|中心|院|校|所|局|会|社|行|站|馆|处|委|办|队|场|合作|事务|银行|医院|学校|政府|个体|工作室|经营|有限|合伙|\(|（/;
const ID_CARD = /^\d{6}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;

/** A natural person as buyer: no organisation word and no tax number, an ID-card number, or a short name. */
export function isPersonalBuyer(invoice: NormalizedInvoice): boolean {
  const name = invoice.buyerName.trim();
  const taxNo = invoice.buyerTaxNo.trim();
  if (name === '个人' || name.startsWith('个人（') || name.startsWith('个人(')) return true;
  if (ORGANISATION_WORDS.test(name)) return false;
  return taxNo === '' || ID_CARD.test(taxNo) || /^[\u4e00-\u9fa5·]{2,4}$/.test(name);
}

/** Kinds whose input VAT is deductible although not 专票: 通行费电子普票, 铁路电子客票, 航空电子行程单. */
const DEDUCTIBLE_ORDINARY_KINDS = new Set(['14', '51', '61']);

export function isDeductibleKind(invoice: NormalizedInvoice): boolean {
  return invoice.isSpecial || (invoice.kindCode !== null && DEDUCTIBLE_ORDINARY_KINDS.has(invoice.kindCode));
}

export function isTradeIndustry(industry: string | undefined): boolean {
  return industry !== undefined && /批发|零售|贸易|商贸|商业|经销|销售/.test(industry);
}

export function isConstructionIndustry(industry: string | undefined): boolean {
  return industry !== undefined && /建筑|建安|工程|施工/.test(industry);
}

/** Sectors that sell to the public, where individual buyers are normal. */
export function isConsumerIndustry(industry: string | undefined): boolean {
  return industry !== undefined && /零售|餐饮|住宿|居民服务|美容|教育培训|医疗|旅游|超市|便利/.test(industry);
}

export function isSmallScale(taxpayerType: TaxpayerType | null | undefined): boolean {
  return taxpayerType === 'small_scale';
}

/** 税率 text for grouping: '13%', '免税', '不征税', or '未注明'. */
export function rateLabelOf(line: NormalizedInvoiceLine): string {
  if (line.taxRateBp !== null) return `${line.taxRateBp / 100}%`;
  const text = line.taxRateText?.trim();
  if (text && /免/.test(text)) return '免税';
  if (text && /不征/.test(text)) return '不征税';
  return text || '未注明';
}
