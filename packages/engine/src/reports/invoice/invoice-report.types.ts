import type { TaxpayerType } from '@taxlens/shared';
import type { NormalizedInvoice, NormalizedInvoiceLine } from '../../model/invoice.js';
import type { Finding, FindingCounts } from '../../rules/finding.types.js';
import type { ThresholdOverrides } from '../../rules/rule.types.js';

export interface InvoiceReportCompany {
  taxNo: string;
  name: string;
  /** Free text such as 批发业 or 建筑业; picks sector thresholds and which goods rules apply. */
  industry?: string;
  /** The stored enum ('general' | 'small_scale'); null or absent is treated as 一般纳税人 and said so. */
  taxpayerType?: TaxpayerType | null;
}

/** Months as 'YYYY-MM', both ends included. */
export interface ReportPeriod {
  start: string;
  end: string;
}

export interface InvoiceDataSet {
  invoices: readonly NormalizedInvoice[];
  lines: readonly NormalizedInvoiceLine[];
}

/**
 * Invoices between other companies, from the firm's other clients' imports of the same period: the
 * B→C edges a 环开 cycle needs. `companyCount` = how many other companies' invoices were searched.
 */
export interface InvoiceNetwork {
  edges: readonly { sellerTaxNo: string; buyerTaxNo: string; amountFen: number }[];
  companyCount: number;
}

export type RegistrationState = 'normal' | 'abnormal' | 'deregistered' | 'revoked' | 'unknown';

/** What the company-data provider knows about a counterparty (filled later; may be absent). */
export interface CounterpartyStatus {
  /** 登记状态: 正常 / 非正常户 / 注销 / 吊销. */
  registration?: RegistrationState;
  registrationText?: string;
  creditLevel?: 'A' | 'B' | 'M' | 'C' | 'D' | null;
  /** Listed as a 重大税收违法失信主体. */
  majorViolation?: boolean;
}

export interface InvoiceReportInput extends InvoiceDataSet {
  company: InvoiceReportCompany;
  period: ReportPeriod;
  /**
   * Month ranges the invoice imports cover (both ends included); absent → from the first to the last
   * month with any invoice. Months outside are "no data", not "no sales".
   */
  invoiceCoverage?: readonly ReportPeriod[] | null;
  /** The period before, for new/lost counterparties, surge baselines and cross-year red invoices. */
  previousPeriod?: InvoiceDataSet;
  /** By counterparty tax number; absent → the status rule says 数据不足. */
  counterpartyStatus?: ReadonlyMap<string, CounterpartyStatus>;
  thresholds?: ThresholdOverrides;
  /** Rule families (rule categories) the firm left out of this report kind: their rules do not run. */
  excludedFamilies?: readonly string[];
  /** Absent → the 环开 rule says 数据不足. */
  invoiceNetwork?: InvoiceNetwork | null;
  /** 单张发票最高开票限额 (金额, fen); inferred from the largest invoice when absent. */
  invoiceLimitFen?: number;
  /** Statutory holidays and adjusted working weekends (调休), 'YYYY-MM-DD'; weekends only when absent. */
  calendar?: { holidays?: readonly string[]; workdays?: readonly string[] };
}

export type OverallLevel = 'high' | 'medium' | 'low' | 'none';

export interface MoneyTotals {
  count: number;
  amountFen: number;
  taxFen: number;
  totalFen: number;
}

export interface MonthTotals extends MoneyTotals {
  month: string;
}

export interface SideOverview {
  byMonth: MonthTotals[];
  /** Lines by 税率 text ('13%', '免税', '未注明'). */
  byRate: (MoneyTotals & { rate: string })[];
  /** Invoices by 发票票种. */
  byKind: (MoneyTotals & { kind: string })[];
  /** Non-void invoices, red ones netted in. */
  net: MoneyTotals;
  blue: MoneyTotals;
  red: MoneyTotals & { amountRatioPct: number; countRatioPct: number };
  void: MoneyTotals & { countRatioPct: number };
}

export interface InvoiceOverview {
  level: OverallLevel;
  levelLabel: string;
  /** How the overall level was decided, for the reader. */
  levelRule: string;
  counts: FindingCounts;
  sales: SideOverview;
  purchases: SideOverview;
}

export interface CounterpartyRow {
  taxNo: string;
  name: string;
  amountFen: number;
  taxFen: number;
  invoiceCount: number;
  sharePct: number;
  /** From counterpartyStatus, else '数据不足'. */
  status: string;
}

export interface CounterpartySide {
  top: CounterpartyRow[];
  counterpartyCount: number;
  top5SharePct: number;
  /** Herfindahl–Hirschman index on amount shares in percent (0–10 000). */
  hhi: number;
  /** Versus the previous period, largest first, at most 20 rows; null when no previous period was given. */
  added: CounterpartyRow[] | null;
  addedCount: number | null;
  lost: (Omit<CounterpartyRow, 'sharePct'> & { previousSharePct: number })[] | null;
  lostCount: number | null;
}

export interface InvoiceCounterparties {
  customers: CounterpartySide;
  suppliers: CounterpartySide;
  statusAvailable: boolean;
}

export interface GoodsRow {
  key: string;
  taxCode: string | null;
  category: string | null;
  name: string;
  amountFen: number;
  taxFen: number;
  lineCount: number;
  sharePct: number;
}

export interface RateSpread {
  key: string;
  taxCode: string | null;
  category: string | null;
  rates: { rate: string; amountFen: number; lineCount: number }[];
}

export interface InvoiceGoods {
  sales: GoodsRow[];
  purchases: GoodsRow[];
  soldNotBought: { category: string; amountFen: number }[];
  boughtNotSold: { category: string; amountFen: number }[];
  salesRateSpread: RateSpread[];
}

export interface InvoiceReport {
  kind: 'INVOICE';
  company: InvoiceReportCompany;
  period: ReportPeriod;
  overview: InvoiceOverview;
  counterparties: InvoiceCounterparties;
  goods: InvoiceGoods;
  findings: Finding[];
  /** Added by the server: where the counterparty statuses came from (company-data provider). */
  counterpartyData?: { provider: string; source: string; asOf: string; covered: number; total: number } | null;
}
