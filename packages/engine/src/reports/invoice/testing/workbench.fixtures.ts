import type { NormalizedInvoice, NormalizedInvoiceLine } from '../../../model/invoice.js';
import { daysInMonth, weekdayOf } from '../invoice-calendar.js';
import type { InvoiceReportInput } from '../invoice-report.types.js';
import { buildCleanCompany, customerOf } from './clean-company.fixtures.js';
import { GOODS, invoice, lineOf } from './invoice.fixtures.js';

/** A clean company that tests can change in place. */
export interface Workbench extends Omit<InvoiceReportInput, 'invoices' | 'lines'> {
  invoices: NormalizedInvoice[];
  lines: NormalizedInvoiceLine[];
}

export function cleanWorkbench(): Workbench {
  const input = buildCleanCompany({ salesPerMonth: 40 });
  return { ...input, invoices: [...input.invoices], lines: [...input.lines] };
}

export const isBlueSale = (item: NormalizedInvoice) => item.direction === 'sales' && item.isPositive;
const isGoodsPurchase = (item: NormalizedInvoice) =>
  item.direction === 'purchase' && item.sellerTaxNo.includes('SUPPLY');

export const blueSales = (bench: Workbench) => bench.invoices.filter(isBlueSale);
export const goodsPurchases = (bench: Workbench) => bench.invoices.filter(isGoodsPurchase);

/** Nudges an amount so that amount plus 13% tax is not a whole thousand yuan. */
export function offRound(amountFen: number, rateBp = 1300): number {
  const total = amountFen + Math.round((amountFen * rateBp) / 10_000);
  return total % 100_000 === 0 ? amountFen + 1 : amountFen;
}

/** Replaces an invoice's lines by one line of `amountFen` at `rateBp`. */
export function setSingleLine(
  bench: Workbench,
  target: NormalizedInvoice,
  amountFen: number,
  rateBp = 1300,
  goods: { taxCode: string; category: string; itemName: string } = GOODS.steel,
): void {
  bench.lines = bench.lines.filter((line) => line.invoiceKey !== target.key);
  const taxFen = Math.round((amountFen * rateBp) / 10_000);
  Object.assign(target, { amountFen, taxFen, totalFen: amountFen + taxFen });
  bench.lines.push(lineOf(target, { goods, rateBp, amountFen, taxFen }));
}

/** Re-sums an invoice from its lines after a line was changed. */
export function resum(bench: Workbench, target: NormalizedInvoice): void {
  const own = bench.lines.filter((line) => line.invoiceKey === target.key);
  target.amountFen = own.reduce((sum, line) => sum + line.amountFen, 0);
  target.taxFen = own.reduce((sum, line) => sum + line.taxFen, 0);
  target.totalFen = target.amountFen + target.taxFen;
}

export function addSale(
  bench: Workbench,
  at: string,
  amountFen: number,
  party = customerOf(0),
  rateBp = 1300,
): NormalizedInvoice {
  const created = invoice({ direction: 'sales', party, at, amountFen, rateBp });
  bench.invoices.push(created);
  bench.lines.push(lineOf(created, { rateBp }));
  return created;
}

/** Days of a month with the given weekday, before its last three days. */
export function weekdaysOf(month: string, weekday: number): string[] {
  const days: string[] = [];
  for (let day = 1; day <= daysInMonth(month) - 3; day += 1) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    if (weekdayOf(date) === weekday) days.push(date);
  }
  return days;
}
