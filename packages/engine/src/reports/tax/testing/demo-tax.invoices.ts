import type { NormalizedInvoice, NormalizedInvoiceLine } from '../../../model/invoice.js';
import type { InvoiceDataSet } from '../../invoice/invoice-report.types.js';

/**
 * One 数电专票 per month and side that carries exactly the month's declared amounts, so a demo
 * company's invoices agree with its VAT returns unless a test says otherwise. Deterministic keys.
 */

export interface MonthAmounts {
  month: string;
  amountFen: number;
  taxFen: number;
}

const CUSTOMER = { taxNo: '91440300MA5DEMO0C1', name: '示例客户有限公司' };
const SUPPLIER = { taxNo: '91440300MA5DEMO0S1', name: '示例供应商有限公司' };

function keyOf(direction: 'sales' | 'purchase', month: string): string {
  // 20 digits: year, region 44, side, then the month index, as a 数电发票号码 looks.
  const [year, value] = month.split('-') as [string, string];
  return `${year.slice(2)}44${direction === 'sales' ? '1' : '2'}${'0'.repeat(9)}${year}${value}`;
}

function one(
  company: { taxNo: string; name: string },
  direction: 'sales' | 'purchase',
  amounts: MonthAmounts,
): { invoice: NormalizedInvoice; line: NormalizedInvoiceLine } {
  const key = keyOf(direction, amounts.month);
  const other = direction === 'sales' ? CUSTOMER : SUPPLIER;
  const seller = direction === 'sales' ? company : other;
  const buyer = direction === 'sales' ? other : company;
  const totalFen = amounts.amountFen + amounts.taxFen;
  const invoice: NormalizedInvoice = {
    key,
    digitalNumber: key,
    code: null,
    number: null,
    direction,
    sellerTaxNo: seller.taxNo,
    sellerName: seller.name,
    buyerTaxNo: buyer.taxNo,
    buyerName: buyer.name,
    issuedAt: `${amounts.month}-15 10:00:00`,
    hasTime: true,
    amountFen: amounts.amountFen,
    taxFen: amounts.taxFen,
    totalFen,
    source: '电子发票服务平台',
    kindText: '数电发票（增值税专用发票）',
    kindCode: '81',
    isSpecial: true,
    status: 'normal',
    statusText: '正常',
    isPositive: true,
    riskLevel: 'normal',
    issuer: '示例开票员',
    remark: null,
    redOfNumber: null,
  };
  const line: NormalizedInvoiceLine = {
    invoiceKey: key,
    lineNo: 1,
    direction,
    taxCode: direction === 'sales' ? '1090511010000000000' : '1060301010000000000',
    specialBusiness: null,
    itemText: direction === 'sales' ? '*电子设备*示例终端' : '*电子元件*示例元件',
    category: direction === 'sales' ? '电子设备' : '电子元件',
    itemName: direction === 'sales' ? '示例终端' : '示例元件',
    spec: null,
    unit: null,
    quantity: null,
    unitPrice: null,
    amountFen: amounts.amountFen,
    taxRateText: '13%',
    taxRateBp: 1300,
    taxFen: amounts.taxFen,
    totalFen,
  };
  return { invoice, line };
}

export function monthlyInvoices(
  company: { taxNo: string; name: string },
  sales: readonly MonthAmounts[],
  purchases: readonly MonthAmounts[],
): InvoiceDataSet {
  const made = [
    ...sales.map((amounts) => one(company, 'sales', amounts)),
    ...purchases.map((amounts) => one(company, 'purchase', amounts)),
  ];
  return { invoices: made.map((item) => item.invoice), lines: made.map((item) => item.line) };
}
