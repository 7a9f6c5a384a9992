import type { NormalizedInvoice, NormalizedInvoiceLine } from '../../../model/invoice.js';
import { daysInMonth, weekdayOf } from '../invoice-calendar.js';
import type { CounterpartyStatus, InvoiceDataSet, InvoiceReportInput } from '../invoice-report.types.js';
import { COMPANY, GOODS, invoice, lineOf } from './invoice.fixtures.js';

/**
 * A plausible ordinary trading company (示例数据): steady monthly sales on weekdays in office hours to
 * many customers, goods bought from many suppliers in the same categories, rent, freight and a little
 * stationery on 普票. Deterministic, so tests can plant one anomaly at a time on top of it.
 */

export interface CleanCompanyOptions {
  year?: number;
  salesPerMonth?: number;
  purchasesPerMonth?: number;
  customerCount?: number;
  supplierCount?: number;
  seed?: number;
}

const TRADED = [GOODS.steel, GOODS.cement, GOODS.cable, GOODS.hardware];

/** Small deterministic generator (LCG) so fixtures never change between runs. */
function randomFrom(seed: number): (low: number, high: number) => number {
  let state = seed >>> 0;
  return (low, high) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return low + (state % (high - low + 1));
  };
}

export const customerOf = (index: number) => ({
  taxNo: `91310000CUSTOM${String(index + 1).padStart(4, '0')}`,
  name: `示例客户${index + 1}号有限公司`,
});
export const supplierOf = (index: number) => ({
  taxNo: `91320000SUPPLY${String(index + 1).padStart(4, '0')}`,
  name: `示例供应商${index + 1}号有限公司`,
});
const LANDLORD = { taxNo: '91310000LANDLORD01', name: '恒泰物业管理有限公司' };
const CARRIER = { taxNo: '91310000CARRIER001', name: '顺通物流有限公司' };
const STATIONER = { taxNo: '92310000STATIONER1', name: '文华文具商行' };

/** Weekdays of a month before its last three days, so a clean company never bunches at month end. */
function workdays(month: string): string[] {
  const days: string[] = [];
  for (let day = 1; day <= daysInMonth(month) - 3; day += 1) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    const weekday = weekdayOf(date);
    if (weekday !== 0 && weekday !== 6) days.push(date);
  }
  return days;
}

function withLines(
  owner: NormalizedInvoice,
  parts: { goods: (typeof GOODS)[keyof typeof GOODS]; amountFen: number; rateBp: number }[],
): { invoice: NormalizedInvoice; lines: NormalizedInvoiceLine[] } {
  const lines = parts.map((part, index) => {
    const taxFen = Math.round((part.amountFen * part.rateBp) / 10_000);
    return lineOf(owner, {
      goods: part.goods,
      rateBp: part.rateBp,
      amountFen: part.amountFen,
      taxFen,
      lineNo: index + 1,
    });
  });
  const amountFen = lines.reduce((sum, line) => sum + line.amountFen, 0);
  const taxFen = lines.reduce((sum, line) => sum + line.taxFen, 0);
  return { invoice: { ...owner, amountFen, taxFen, totalFen: amountFen + taxFen }, lines };
}

/** Amounts in fen with cents, nudged off whole thousands of yuan so no total looks round. */
function amount(random: (low: number, high: number) => number, low: number, high: number): number {
  const fen = random(low, high);
  return fen % 100_000 === 0 ? fen + 37 : fen;
}

export function buildCleanYear(options: CleanCompanyOptions = {}): InvoiceDataSet {
  const year = options.year ?? 2024;
  const salesPerMonth = options.salesPerMonth ?? 30;
  const purchasesPerMonth = options.purchasesPerMonth ?? 20;
  const customers = options.customerCount ?? 20;
  const suppliers = options.supplierCount ?? 12;
  const random = randomFrom(options.seed ?? year);
  const invoices: NormalizedInvoice[] = [];
  const lines: NormalizedInvoiceLine[] = [];
  const push = (built: { invoice: NormalizedInvoice; lines: NormalizedInvoiceLine[] }) => {
    invoices.push(built.invoice);
    lines.push(...built.lines);
  };
  for (let month = 1; month <= 12; month += 1) {
    const monthKey = `${year}-${String(month).padStart(2, '0')}`;
    const days = workdays(monthKey);
    const at = (index: number) =>
      `${days[index % days.length]} ${String(9 + (index % 8)).padStart(2, '0')}:${String(random(0, 59)).padStart(2, '0')}:${String(random(0, 59)).padStart(2, '0')}`;
    for (let i = 0; i < salesPerMonth; i += 1) {
      const owner = invoice({
        direction: 'sales',
        party: customerOf((month * salesPerMonth + i) % customers),
        at: at(i),
      });
      const parts = [{ goods: TRADED[i % 4]!, amountFen: amount(random, 800_000, 4_000_000), rateBp: 1300 }];
      if (i % 2 === 1)
        parts.push({ goods: TRADED[(i + 1) % 4]!, amountFen: amount(random, 800_000, 4_000_000), rateBp: 1300 });
      push(withLines(owner, parts));
    }
    for (let i = 0; i < purchasesPerMonth; i += 1) {
      const owner = invoice({
        direction: 'purchase',
        party: supplierOf((month * purchasesPerMonth + i) % suppliers),
        at: at(i + 3),
      });
      const parts = [{ goods: TRADED[i % 4]!, amountFen: amount(random, 960_000, 4_800_000), rateBp: 1300 }];
      if (i % 2 === 1)
        parts.push({ goods: TRADED[(i + 2) % 4]!, amountFen: amount(random, 960_000, 4_800_000), rateBp: 1300 });
      push(withLines(owner, parts));
    }
    push(
      withLines(invoice({ direction: 'purchase', party: LANDLORD, at: at(1) }), [
        { goods: GOODS.rent, amountFen: amount(random, 1_800_000, 1_900_000), rateBp: 900 },
      ]),
    );
    push(
      withLines(invoice({ direction: 'purchase', party: CARRIER, at: at(5) }), [
        { goods: GOODS.freight, amountFen: amount(random, 1_000_000, 3_000_000), rateBp: 900 },
      ]),
    );
    push(
      withLines(
        invoice({
          direction: 'purchase',
          party: STATIONER,
          at: at(7),
          kindText: '数电发票（普通发票）',
          kindCode: '82',
          isSpecial: false,
        }),
        [{ goods: GOODS.stationery, amountFen: amount(random, 50_000, 120_000), rateBp: 100 }],
      ),
    );
  }
  return { invoices, lines };
}

/** Every counterparty of the data sets as 正常, A级. */
export function normalStatuses(...sets: InvoiceDataSet[]): Map<string, CounterpartyStatus> {
  const statuses = new Map<string, CounterpartyStatus>();
  for (const set of sets) {
    for (const item of set.invoices) {
      const taxNo = item.direction === 'sales' ? item.buyerTaxNo : item.sellerTaxNo;
      if (taxNo) statuses.set(taxNo, { registration: 'normal', creditLevel: 'A' });
    }
  }
  return statuses;
}

/** The full clean report input: 2024 with 2023 as previous period, statuses, limit and one partial red. */
export function buildCleanCompany(options: CleanCompanyOptions = {}): InvoiceReportInput {
  const year = options.year ?? 2024;
  const current = buildCleanYear({ ...options, year });
  const previous = buildCleanYear({ ...options, year: year - 1, seed: (options.seed ?? year) + 7919 });
  // One ordinary partial red invoice (折让) in the same year as its blue invoice.
  const blue = current.invoices.find((item) => item.direction === 'sales' && item.issuedAt.startsWith(`${year}-05`))!;
  const red = invoice({
    direction: 'sales',
    party: { taxNo: blue.buyerTaxNo, name: blue.buyerName },
    at: `${year}-06-12 10:30:00`,
    amountFen: -200_000,
    redOfNumber: blue.digitalNumber,
    remark: `被红冲蓝字数电发票号码：${blue.digitalNumber}`,
  });
  const redLine = lineOf(red, { goods: GOODS.steel });
  return {
    company: { ...COMPANY },
    period: { start: `${year}-01`, end: `${year}-12` },
    invoices: [...current.invoices, red],
    lines: [...current.lines, redLine],
    previousPeriod: previous,
    counterpartyStatus: normalStatuses(current, previous),
    invoiceLimitFen: 10_000_000,
    // The firm holds two other clients' invoices, none of them between this company's parties.
    invoiceNetwork: { edges: [], companyCount: 2 },
  };
}
