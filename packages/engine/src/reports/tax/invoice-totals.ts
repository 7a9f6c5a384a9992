import type { InvoiceDataSet } from '../invoice/invoice-report.types.js';
import type { FigureSource } from './tax-report.types.js';

/** Invoice totals by month for the tax report: what the books and returns are compared with. */
export interface InvoiceTotals {
  salesAmountFen: number;
  salesTaxFen: number;
  salesCount: number;
  purchaseAmountFen: number;
  purchaseTaxFen: number;
  /** Tax on 专用发票 bought: what can normally be deducted. */
  purchaseSpecialTaxFen: number;
  purchaseCount: number;
  /** Lines whose 税收分类编码 starts with 1 (货物): the 买卖合同 base of 印花税. */
  salesGoodsFen: number;
  purchaseGoodsFen: number;
  /** Sales lines of 不动产经营租赁 (rent received: the company lets property it holds). */
  rentIncomeFen: number;
  /** Purchase lines of training (培训), the part of 职工教育经费 invoices show. */
  trainingFen: number;
  source: FigureSource;
}

export type MonthTotals = Omit<InvoiceTotals, 'source'>;

const emptyTotals = (): MonthTotals => ({
  salesAmountFen: 0,
  salesTaxFen: 0,
  salesCount: 0,
  purchaseAmountFen: 0,
  purchaseTaxFen: 0,
  purchaseSpecialTaxFen: 0,
  purchaseCount: 0,
  salesGoodsFen: 0,
  purchaseGoodsFen: 0,
  rentIncomeFen: 0,
  trainingFen: 0,
});

const RENT_CODE = '304050202';
const RENT_TEXT = /不动产.*租赁|房屋租赁|场地租赁|租金/;
const TRAINING = /培训/;

/** One pass over the invoices and one over their lines: net (red included, void left out) totals by month. */
export function invoiceMonths(data: InvoiceDataSet): Map<number, MonthTotals> {
  const months = new Map<number, MonthTotals>();
  const monthOfKey = new Map<string, MonthTotals>();
  for (const invoice of data.invoices) {
    if (invoice.status === 'void') continue;
    const month = Number(invoice.issuedAt.slice(0, 4)) * 12 + Number(invoice.issuedAt.slice(5, 7)) - 1;
    let totals = months.get(month);
    if (!totals) {
      totals = emptyTotals();
      months.set(month, totals);
    }
    monthOfKey.set(invoice.key, totals);
    if (invoice.direction === 'sales') {
      totals.salesAmountFen += invoice.amountFen;
      totals.salesTaxFen += invoice.taxFen;
      if (invoice.isPositive) totals.salesCount += 1;
    } else {
      totals.purchaseAmountFen += invoice.amountFen;
      totals.purchaseTaxFen += invoice.taxFen;
      if (invoice.isSpecial) totals.purchaseSpecialTaxFen += invoice.taxFen;
      if (invoice.isPositive) totals.purchaseCount += 1;
    }
  }
  for (const line of data.lines) {
    const totals = monthOfKey.get(line.invoiceKey);
    if (!totals) continue;
    const code = line.taxCode?.trim() ?? '';
    const text = `${line.category ?? ''}${line.itemName}`;
    if (line.direction === 'sales') {
      if (code.startsWith('1')) totals.salesGoodsFen += line.amountFen;
      if (code.startsWith(RENT_CODE) || (!code && RENT_TEXT.test(text))) totals.rentIncomeFen += line.amountFen;
    } else {
      if (code.startsWith('1')) totals.purchaseGoodsFen += line.amountFen;
      if (TRAINING.test(text)) totals.trainingFen += line.amountFen;
    }
  }
  return months;
}

export function invoiceTotals(
  months: Map<number, MonthTotals> | null,
  covered: { first: number; last: number } | null,
  first: number,
  last: number,
  label: string,
): InvoiceTotals | null {
  if (!months || !covered || first < covered.first || last > covered.last) return null;
  const totals = emptyTotals();
  for (let month = first; month <= last; month += 1) {
    const part = months.get(month);
    if (!part) continue;
    for (const key of Object.keys(totals) as (keyof MonthTotals)[]) totals[key] += part[key];
  }
  return {
    ...totals,
    source: {
      kind: 'invoices',
      label: '发票数据（电子税务局全量发票查询导出，作废发票除外，红字发票冲减）',
      periods: [label],
      periodText: label,
      origins: ['本期导入的发票'],
    },
  };
}
