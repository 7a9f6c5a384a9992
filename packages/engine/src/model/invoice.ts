/**
 * Normalised invoice records: what the importers produce from e-tax-bureau exports and what the
 * invoice rules read. Money is integer fen (negative on red invoices); rates are basis points
 * (1300 = 13%); instants are Asia/Shanghai wall-clock text 'YYYY-MM-DD HH:mm:ss'.
 */

/** 销项 (the company sells) or 进项 (the company buys), decided by which side its tax number is on. */
export type InvoiceDirection = 'sales' | 'purchase';

/** 发票状态: 正常, 已作废, 已红冲-全额, 已红冲-部分, or anything else the export says. */
export type InvoiceStatus = 'normal' | 'void' | 'red_full' | 'red_partial' | 'other';

/** 发票风险等级: 正常, 异常凭证, 疑点发票. */
export type InvoiceRiskLevel = 'normal' | 'abnormal' | 'suspect';

export interface NormalizedInvoice {
  /** Identity of the invoice: the 20-digit 数电发票号码, else `发票代码:发票号码`. */
  key: string;
  digitalNumber: string | null;
  code: string | null;
  number: string | null;
  direction: InvoiceDirection;
  sellerTaxNo: string;
  sellerName: string;
  buyerTaxNo: string;
  buyerName: string;
  /** 开票日期 with time when the export has it ('YYYY-MM-DD HH:mm:ss'; '00:00:00' when only a date). */
  issuedAt: string;
  /** Whether the export carried a time of day (night-issue rules need it). */
  hasTime: boolean;
  amountFen: number;
  taxFen: number;
  totalFen: number;
  /** 发票来源 as written, e.g. 电子发票服务平台. */
  source: string | null;
  /** 发票票种 as written, e.g. 数电发票（增值税专用发票）. */
  kindText: string | null;
  /** Tax-bureau type code (FplxDm) derived from kindText: '81' 数电专票, '82' 数电普票, '01', '04', … */
  kindCode: string | null;
  /** 专用发票 (input VAT deductible) rather than 普通发票. */
  isSpecial: boolean;
  status: InvoiceStatus;
  statusText: string | null;
  /** 是否正数发票: true for blue invoices, false for red ones. */
  isPositive: boolean;
  riskLevel: InvoiceRiskLevel | null;
  issuer: string | null;
  remark: string | null;
  /** For a red invoice, the blue invoice number its 备注 names (被红冲蓝字数电发票号码). */
  redOfNumber: string | null;
}

export interface NormalizedInvoiceLine {
  invoiceKey: string;
  /** 1-based order of the line within its invoice, as met in the file. */
  lineNo: number;
  direction: InvoiceDirection;
  /** 税收分类编码, 19 digits as text. */
  taxCode: string | null;
  specialBusiness: string | null;
  /** 货物或应税劳务名称 as written, e.g. *信息技术服务*软件维护服务费. */
  itemText: string;
  /** The category between the asterisks (信息技术服务), or null. */
  category: string | null;
  /** The name after the last asterisk (软件维护服务费). */
  itemName: string;
  spec: string | null;
  unit: string | null;
  /** Decimal text as written; quantities and unit prices can carry many decimals. */
  quantity: string | null;
  unitPrice: string | null;
  amountFen: number;
  /** 税率 as written: '13%', '免税', '不征税'. */
  taxRateText: string | null;
  /** Basis points (1300 = 13%); null when exempt, not taxable or unreadable. */
  taxRateBp: number | null;
  taxFen: number;
  totalFen: number;
}

/** One labelled value of a special-business sheet (建筑服务发生地, 出行车次 …). */
export interface InvoiceDetailField {
  label: string;
  value: string;
}

/**
 * One row of a special-business sheet of the export (建筑服务, 不动产经营租赁服务, 旅客运输服务,
 * 货物运输服务, 铁路电子客票, 机动车销售统一发票 …): attributes of the invoice it names. Personal
 * data (旅客姓名, 有效身份证号) arrives masked.
 */
export interface NormalizedInvoiceDetail {
  invoiceKey: string;
  /** The sheet's name: the 特定业务 it describes. */
  business: string;
  /** 1-based order of the row among the rows of this invoice and business (a ticket per passenger). */
  rowNo: number;
  fields: InvoiceDetailField[];
}
