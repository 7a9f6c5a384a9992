import type { InvoiceDirection, NormalizedInvoice, NormalizedInvoiceLine } from '../../../model/invoice.js';
import type { Finding } from '../../../rules/finding.types.js';
import type { RuleDefinition, ThresholdValue, ThresholdValues } from '../../../rules/rule.types.js';
import { buildInvoiceRuleInput, type InvoiceRuleInput } from '../invoice-context.js';
import type { InvoiceReportCompany, InvoiceReportInput } from '../invoice-report.types.js';

/** Test builders: literal invoices with sensible defaults, so each test states only what it is about. */

export const COMPANY: InvoiceReportCompany = {
  taxNo: '91310000EXAMPLE001',
  name: '示例商贸有限公司',
  industry: '批发业',
  taxpayerType: 'general',
};

export interface InvoiceOptions extends Partial<NormalizedInvoice> {
  /** The other side's tax number and name (buyer on sales, seller on purchases). */
  party?: { taxNo: string; name: string };
  /** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'. */
  at?: string;
  rateBp?: number;
}

let sequence = 0;

/** A blue 数电专票 of 1万元 at 13% unless told otherwise; red when the amount is negative. */
export function invoice(options: InvoiceOptions = {}): NormalizedInvoice {
  sequence += 1;
  const direction: InvoiceDirection = options.direction ?? 'sales';
  const party = options.party ?? { taxNo: '91310000CUSTOM0001', name: '示例客户1号有限公司' };
  const at = options.at ?? '2024-03-12 10:00:00';
  const issuedAt = at.length === 10 ? `${at} 10:00:00` : at;
  const amountFen = options.amountFen ?? 1_000_000;
  const taxFen =
    options.taxFen ?? Math.sign(amountFen) * Math.round((Math.abs(amountFen) * (options.rateBp ?? 1300)) / 10_000);
  const digitalNumber = `${issuedAt.slice(2, 4)}31${String(sequence).padStart(16, '0')}`;
  const own = { taxNo: COMPANY.taxNo, name: COMPANY.name };
  const seller = direction === 'sales' ? own : party;
  const buyer = direction === 'sales' ? party : own;
  const { party: _party, at: _at, rateBp: _rate, ...rest } = options;
  return {
    key: digitalNumber,
    digitalNumber,
    code: null,
    number: null,
    direction,
    sellerTaxNo: seller.taxNo,
    sellerName: seller.name,
    buyerTaxNo: buyer.taxNo,
    buyerName: buyer.name,
    issuedAt,
    hasTime: true,
    amountFen,
    taxFen,
    totalFen: amountFen + taxFen,
    source: '电子发票服务平台',
    kindText: '数电发票（增值税专用发票）',
    kindCode: '81',
    isSpecial: true,
    status: 'normal',
    statusText: '正常',
    isPositive: amountFen >= 0,
    riskLevel: 'normal',
    issuer: '张三',
    remark: null,
    redOfNumber: null,
    ...rest,
  };
}

export const sale = (options: InvoiceOptions = {}) => invoice({ ...options, direction: 'sales' });
export const purchase = (options: InvoiceOptions = {}) =>
  invoice({ party: { taxNo: '91320000SUPPLY0001', name: '示例供应商1号有限公司' }, ...options, direction: 'purchase' });

export const GOODS = {
  steel: { taxCode: '1080201010000000000', category: '钢材', itemName: '螺纹钢' },
  cement: { taxCode: '1070101010000000000', category: '水泥', itemName: '普通硅酸盐水泥' },
  cable: { taxCode: '1090511010000000000', category: '电线电缆', itemName: '铜芯电缆' },
  hardware: { taxCode: '1060301010000000000', category: '五金制品', itemName: '紧固件' },
  software: { taxCode: '3040201000000000000', category: '信息技术服务', itemName: '软件维护服务费' },
  rent: { taxCode: '3040502020200000000', category: '经营租赁', itemName: '房屋租赁费' },
  freight: { taxCode: '3010102020100000000', category: '运输服务', itemName: '国内道路货物运输服务' },
  stationery: { taxCode: '1060105010000000000', category: '文具', itemName: '办公文具' },
} as const;

export interface LineOptions extends Partial<NormalizedInvoiceLine> {
  goods?: { taxCode: string; category: string; itemName: string };
  rateBp?: number | null;
}

/** One line carrying the whole invoice unless amounts are given. */
export function lineOf(owner: NormalizedInvoice, options: LineOptions = {}): NormalizedInvoiceLine {
  const goods = options.goods ?? GOODS.steel;
  const rateBp = options.rateBp === undefined ? 1300 : options.rateBp;
  const amountFen = options.amountFen ?? owner.amountFen;
  const taxFen = options.taxFen ?? (options.amountFen === undefined ? owner.taxFen : 0);
  const { goods: _goods, rateBp: _rate, ...rest } = options;
  return {
    invoiceKey: owner.key,
    lineNo: 1,
    direction: owner.direction,
    taxCode: goods.taxCode,
    specialBusiness: null,
    itemText: `*${goods.category}*${goods.itemName}`,
    category: goods.category,
    itemName: goods.itemName,
    spec: null,
    unit: null,
    quantity: null,
    unitPrice: null,
    amountFen,
    taxRateText: rateBp === null ? '免税' : `${rateBp / 100}%`,
    taxRateBp: rateBp,
    taxFen,
    totalFen: amountFen + taxFen,
    ...rest,
  };
}

export function reportInput(partial: Partial<InvoiceReportInput> = {}): InvoiceReportInput {
  return {
    company: COMPANY,
    period: { start: '2024-01', end: '2024-12' },
    invoices: [],
    lines: [],
    ...partial,
  };
}

export function ruleInput(partial: Partial<InvoiceReportInput> = {}): InvoiceRuleInput {
  return buildInvoiceRuleInput(reportInput(partial));
}

/** Runs one rule on literal data with its defaults, optionally overridden. */
export function evaluate<T extends ThresholdValues>(
  rule: RuleDefinition<InvoiceRuleInput, T>,
  partial: Partial<InvoiceReportInput>,
  overrides: Partial<Record<keyof T, ThresholdValue>> = {},
): Finding {
  return rule.evaluate(ruleInput(partial), { ...rule.thresholds, ...overrides } as T);
}

/** `count` copies made by `make(i)`. */
export function times<T>(count: number, make: (index: number) => T): T[] {
  return Array.from({ length: count }, (_, index) => make(index));
}

export function figure(finding: Finding, label: string): number | string | undefined {
  return finding.figures.find((item) => item.label === label)?.value;
}
