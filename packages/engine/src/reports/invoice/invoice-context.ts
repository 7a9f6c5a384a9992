import type { InvoiceDirection, NormalizedInvoice, NormalizedInvoiceLine } from '../../model/invoice.js';
import { type PartyResolver, partyResolver } from './counterparty-identity.js';
import { monthsBefore, monthsBetween } from './invoice-calendar.js';
import { type InvoiceCoverage, invoiceCoverageOf } from './invoice-coverage.js';
import type {
  CounterpartyStatus,
  InvoiceDataSet,
  InvoiceNetwork,
  InvoiceReportCompany,
  InvoiceReportInput,
  ReportPeriod,
} from './invoice-report.types.js';

export interface CounterpartyTotals {
  key: string;
  taxNo: string;
  name: string;
  /** Net of red invoices, void ones left out. */
  amountFen: number;
  taxFen: number;
  totalFen: number;
  /** Blue, non-void invoices. */
  invoiceCount: number;
  invoiceKeys: string[];
}

/** One side (销项 or 进项) split once, so every rule reads ready lists instead of rescanning. */
export interface SideView {
  direction: InvoiceDirection;
  all: NormalizedInvoice[];
  /** Blue (positive) and not void. */
  blue: NormalizedInvoice[];
  /** Red (negative) and not void. */
  red: NormalizedInvoice[];
  voided: NormalizedInvoice[];
  /** Lines of invoices that are not void (red lines are negative). */
  lines: NormalizedInvoiceLine[];
  counterparties: Map<string, CounterpartyTotals>;
  netAmountFen: number;
  netTaxFen: number;
  blueAmountFen: number;
}

/** What every invoice rule receives. */
export interface InvoiceRuleInput {
  company: InvoiceReportCompany;
  period: ReportPeriod;
  months: string[];
  /** Which of `months` the imported invoices cover. */
  coverage: InvoiceCoverage;
  /** The span of the same length just before the period (the comparison period), with its coverage. */
  previousMonths: string[];
  previousCoverage: InvoiceCoverage;
  sales: SideView;
  purchases: SideView;
  previous: { sales: SideView; purchases: SideView } | null;
  /** The merged counterparty of an invoice (tax number, else normalised name), same across periods. */
  partyOf: PartyResolver;
  /** A current or previous invoice by key, 数电号码, 发票号码 or 代码:号码, for linking red to blue. */
  findInvoice(number: string): NormalizedInvoice | undefined;
  counterpartyStatus: ReadonlyMap<string, CounterpartyStatus> | null;
  network: InvoiceNetwork | null;
  invoiceLimitFen: number | null;
  calendar: { holidays?: readonly string[]; workdays?: readonly string[] } | undefined;
}

function emptySide(direction: InvoiceDirection): SideView {
  return {
    direction,
    all: [],
    blue: [],
    red: [],
    voided: [],
    lines: [],
    counterparties: new Map(),
    netAmountFen: 0,
    netTaxFen: 0,
    blueAmountFen: 0,
  };
}

/** Splits one data set into its two sides in one pass over invoices and one over lines. */
export function buildSides(
  data: InvoiceDataSet,
  partyOf: PartyResolver = partyResolver([data.invoices]),
): { sales: SideView; purchases: SideView } {
  const sides = { sales: emptySide('sales'), purchases: emptySide('purchase') };
  const voidKeys = new Set<string>();
  for (const invoice of data.invoices) {
    const side = invoice.direction === 'sales' ? sides.sales : sides.purchases;
    side.all.push(invoice);
    if (invoice.status === 'void') {
      side.voided.push(invoice);
      voidKeys.add(invoice.key);
      continue;
    }
    if (invoice.isPositive) {
      side.blue.push(invoice);
      side.blueAmountFen += invoice.amountFen;
    } else {
      side.red.push(invoice);
    }
    side.netAmountFen += invoice.amountFen;
    side.netTaxFen += invoice.taxFen;
    const party = partyOf(invoice);
    let totals = side.counterparties.get(party.key);
    if (!totals) {
      totals = { ...party, amountFen: 0, taxFen: 0, totalFen: 0, invoiceCount: 0, invoiceKeys: [] };
      side.counterparties.set(party.key, totals);
    } else if (!totals.name && party.name) {
      totals.name = party.name;
    }
    totals.amountFen += invoice.amountFen;
    totals.taxFen += invoice.taxFen;
    totals.totalFen += invoice.totalFen;
    if (invoice.isPositive) totals.invoiceCount += 1;
    totals.invoiceKeys.push(invoice.key);
  }
  for (const line of data.lines) {
    if (voidKeys.has(line.invoiceKey)) continue;
    (line.direction === 'sales' ? sides.sales : sides.purchases).lines.push(line);
  }
  return sides;
}

function indexNumbers(index: Map<string, NormalizedInvoice>, invoices: readonly NormalizedInvoice[]): void {
  for (const invoice of invoices) {
    index.set(invoice.key, invoice);
    if (invoice.digitalNumber && invoice.digitalNumber !== invoice.key) index.set(invoice.digitalNumber, invoice);
    if (invoice.number) index.set(invoice.number, invoice);
    if (invoice.code && invoice.number) index.set(`${invoice.code}:${invoice.number}`, invoice);
  }
}

/** The number index is built on first use: only red invoices need it, and most reports have few. */
function makeFinder(input: InvoiceReportInput): (number: string) => NormalizedInvoice | undefined {
  let index: Map<string, NormalizedInvoice> | null = null;
  return (number) => {
    if (!index) {
      index = new Map();
      // Previous first, so a current invoice wins when both hold the same number.
      if (input.previousPeriod) indexNumbers(index, input.previousPeriod.invoices);
      indexNumbers(index, input.invoices);
    }
    return index.get(number);
  };
}

export function buildInvoiceRuleInput(input: InvoiceReportInput): InvoiceRuleInput {
  const months = monthsBetween(input.period.start, input.period.end);
  const previousMonths = monthsBefore(months);
  const partyOf = partyResolver([input.invoices, input.previousPeriod?.invoices ?? []]);
  return {
    company: input.company,
    period: input.period,
    months,
    coverage: invoiceCoverageOf(input, months),
    previousMonths,
    previousCoverage: invoiceCoverageOf(input, previousMonths),
    ...buildSides(input, partyOf),
    previous: input.previousPeriod ? buildSides(input.previousPeriod, partyOf) : null,
    partyOf,
    findInvoice: makeFinder(input),
    counterpartyStatus: input.counterpartyStatus ?? null,
    network: input.invoiceNetwork ?? null,
    invoiceLimitFen: input.invoiceLimitFen ?? null,
    calendar: input.calendar,
  };
}
