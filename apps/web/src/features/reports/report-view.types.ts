/**
 * The invoice report as the API hands it over (`ReportDetail.result` for INVOICE reports). It
 * mirrors `InvoiceReport` and `Finding` of packages/engine, which the web client does not depend
 * on; `asInvoiceReport` checks the few fields the pages rely on before they read the rest.
 */
export type FindingLevel = 'high' | 'medium' | 'low' | 'none' | 'insufficient';
export type OverallLevel = 'high' | 'medium' | 'low' | 'none';

export interface FindingFigure {
  label: string;
  value: number | string;
  /** 'fen' for money, '%' for ratios, else a counting word such as 张. */
  unit?: string;
}

export interface FindingEvidence {
  /** Capped list of the invoices behind the finding; `total` is not capped. */
  invoiceKeys: string[];
  total: number;
}

export interface Finding {
  ruleId: string;
  title: string;
  category: string;
  level: FindingLevel;
  summary: string;
  figures: FindingFigure[];
  threshold: string;
  evidence: FindingEvidence | null;
  explanation: string;
  basis: string;
  suggestion: string;
  missingData?: string[];
}

export interface MoneyTotals {
  count: number;
  amountFen: number;
  taxFen: number;
  totalFen: number;
}

export interface SideOverview {
  byMonth: (MoneyTotals & { month: string })[];
  byRate: (MoneyTotals & { rate: string })[];
  byKind: (MoneyTotals & { kind: string })[];
  net: MoneyTotals;
  blue: MoneyTotals;
  red: MoneyTotals & { amountRatioPct: number; countRatioPct: number };
  void: MoneyTotals & { countRatioPct: number };
}

export interface InvoiceOverview {
  level: OverallLevel;
  levelLabel: string;
  levelRule: string;
  counts: Record<FindingLevel, number>;
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
  status: string;
}

export interface LostCounterpartyRow extends Omit<CounterpartyRow, 'sharePct'> {
  previousSharePct: number;
}

export interface CounterpartySide {
  top: CounterpartyRow[];
  counterpartyCount: number;
  top5SharePct: number;
  hhi: number;
  added: CounterpartyRow[] | null;
  addedCount: number | null;
  lost: LostCounterpartyRow[] | null;
  lostCount: number | null;
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

export interface InvoiceReportView {
  kind: 'INVOICE';
  company: { taxNo: string; name: string; industry?: string; taxpayerType?: string };
  period: { start: string; end: string };
  overview: InvoiceOverview;
  counterparties: { customers: CounterpartySide; suppliers: CounterpartySide; statusAvailable: boolean };
  goods: {
    sales: GoodsRow[];
    purchases: GoodsRow[];
    soldNotBought: { category: string; amountFen: number }[];
    boughtNotSold: { category: string; amountFen: number }[];
    salesRateSpread: RateSpread[];
  };
  findings: Finding[];
}

/** An import the report's figures came from (report `sources`). */
export interface ReportSource {
  importId: number | null;
  fileName: string;
  uploadedBy: string | null;
  finishedAt: string | null;
  invoices: number | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored result as an invoice report, or null when it is not one (another kind, or not ready). */
export function asInvoiceReport(result: Record<string, unknown> | null | undefined): InvoiceReportView | null {
  if (!isRecord(result) || result.kind !== 'INVOICE') return null;
  const { overview, counterparties, goods, findings } = result;
  if (!isRecord(overview) || !isRecord(counterparties) || !isRecord(goods) || !Array.isArray(findings)) return null;
  return result as unknown as InvoiceReportView;
}

export function asSources(sources: readonly Record<string, unknown>[]): ReportSource[] {
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
  const count = (value: unknown) => (typeof value === 'number' ? value : null);
  return sources.map((source) => ({
    importId: count(source.importId),
    fileName: text(source.fileName) ?? '-',
    uploadedBy: text(source.uploadedBy),
    finishedAt: text(source.finishedAt),
    invoices: count(source.invoices),
  }));
}
