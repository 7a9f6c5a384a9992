import type { CounterpartyStatus, InvoiceDataSet } from '@taxlens/engine';
import type { Db } from '../../db/kysely.js';
import { companyDataProvider } from './company-data.js';
import type { CounterpartyFacts } from './provider.types.js';

/** Where the counterparty statuses of a report came from, shown with the report. */
export interface CounterpartyDataNote {
  provider: string;
  source: string;
  asOf: string;
  covered: number;
  total: number;
}

/** Provider facts → the status the invoice rules read (非正常户 outranks the registry's own state). */
export function statusOf(facts: CounterpartyFacts): CounterpartyStatus {
  const abnormal = facts.listedOn.includes('abnormal_taxpayer');
  const registration = abnormal ? 'abnormal' : facts.registration === 'moved' ? 'unknown' : facts.registration;
  return {
    registration,
    registrationText: abnormal ? '非正常户' : (facts.statusText ?? undefined),
    creditLevel: facts.creditLevel,
    majorViolation: facts.listedOn.includes('major_tax_violation'),
  };
}

/**
 * Statuses of every counterparty of these invoices, looked up by tax number only (never by name).
 * Counterparties the provider does not know stay absent, and the report says 数据不足 for them.
 */
export async function counterpartyStatuses(
  db: Db,
  companyTaxNo: string,
  sets: readonly InvoiceDataSet[],
): Promise<{ statuses: Map<string, CounterpartyStatus>; note: CounterpartyDataNote | null }> {
  const codes = new Set<string>();
  for (const set of sets) {
    for (const invoice of set.invoices) {
      for (const code of [invoice.sellerTaxNo, invoice.buyerTaxNo]) if (code && code !== companyTaxNo) codes.add(code);
    }
  }
  const provider = companyDataProvider(db);
  const facts = await provider.counterparties([...codes]);
  const statuses = new Map<string, CounterpartyStatus>();
  const sources = new Set<string>();
  let asOf = '';
  for (const [code, fact] of facts) {
    statuses.set(code, statusOf(fact));
    for (const source of fact.source.split('；')) sources.add(source);
    if (asOf === '' || fact.asOf < asOf) asOf = fact.asOf;
  }
  const note =
    facts.size > 0
      ? { provider: provider.info.label, source: [...sources].join('；'), asOf, covered: facts.size, total: codes.size }
      : null;
  return { statuses, note };
}
