import type { NormalizedInvoice } from '../../model/invoice.js';

/**
 * One counterparty, however the invoices spell it. Real exports show the same customer with and
 * without its tax number and with full-width and half-width brackets (天诚（山东） / 天诚(山东)), so
 * parties are merged by tax number, else by normalised name; a name seen once with a tax number
 * lends that number to its invoices without one.
 */

const FULL_WIDTH = /[\uFF01-\uFF5E]/g;

/** 天诚（山东） 有限公司 → 天诚(山东)有限公司: half-width, no spaces, Latin upper case. */
export function normaliseName(name: string): string {
  return name
    .replace(FULL_WIDTH, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000]+/g, '')
    .toUpperCase();
}

// Placeholders seen on blank voided invoices and hand-typed exports: not a real tax number.
const PLACEHOLDER_TAX_NO = /^0+$|^-+$/;

export function cleanTaxNo(taxNo: string): string {
  const text = taxNo.trim().toUpperCase();
  return PLACEHOLDER_TAX_NO.test(text) ? '' : text;
}

export interface PartyIdentity {
  key: string;
  taxNo: string;
  name: string;
}

export type PartyResolver = (invoice: NormalizedInvoice) => PartyIdentity;

const otherTaxNo = (invoice: NormalizedInvoice) =>
  cleanTaxNo(invoice.direction === 'sales' ? invoice.buyerTaxNo : invoice.sellerTaxNo);
const otherName = (invoice: NormalizedInvoice) =>
  (invoice.direction === 'sales' ? invoice.buyerName : invoice.sellerName).trim();

/**
 * A resolver over every invoice it will be asked about (current and previous period alike, so a
 * customer keeps one key across both). A name carried by two different tax numbers stays ambiguous
 * and is not lent to invoices without a number.
 */
export function partyResolver(invoiceSets: readonly (readonly NormalizedInvoice[])[]): PartyResolver {
  const taxNoByName = new Map<string, string | null>();
  for (const invoices of invoiceSets) {
    for (const invoice of invoices) {
      const taxNo = otherTaxNo(invoice);
      if (!taxNo) continue;
      const name = normaliseName(otherName(invoice));
      if (!name) continue;
      const known = taxNoByName.get(name);
      if (known === undefined) taxNoByName.set(name, taxNo);
      else if (known !== null && known !== taxNo) taxNoByName.set(name, null);
    }
  }
  // Rules ask about the same invoices many times and names repeat: normalise each name once.
  const normalisedNames = new Map<string, string>();
  return (invoice) => {
    const name = otherName(invoice);
    let normalised = normalisedNames.get(name);
    if (normalised === undefined) {
      normalised = normaliseName(name);
      normalisedNames.set(name, normalised);
    }
    const taxNo = otherTaxNo(invoice) || taxNoByName.get(normalised) || '';
    return { key: taxNo || `名称:${normalised}`, taxNo, name };
  };
}
