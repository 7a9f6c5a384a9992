/**
 * Whose file is it, when no row names this company? Each party of each row is counted by tax
 * number (by name when it has none) until a row of this company turns up; the party met most
 * often is the file's own company (it is on every row, its counterparties on a few).
 */
import { normalizeCompanyName, normalizeTaxNo } from './invoice-head.normalizer.js';

export interface FileOwner {
  taxNo: string;
  name: string;
}

interface Parties {
  sellerTaxNo: string;
  sellerName: string;
  buyerTaxNo: string;
  buyerName: string;
}

export class ForeignParties {
  private readonly counts = new Map<string, { owner: FileOwner; rows: number }>();
  private own = false;

  ownRowSeen(): void {
    this.own = true;
    this.counts.clear();
  }

  add(parties: Parties): void {
    if (this.own) return;
    this.count(parties.sellerTaxNo, parties.sellerName);
    this.count(parties.buyerTaxNo, parties.buyerName);
  }

  private count(rawTaxNo: string, rawName: string): void {
    const taxNo = normalizeTaxNo(rawTaxNo);
    const name = rawName.trim();
    // Blank-void rows carry 000000000000000 as the buyer: nobody's number.
    const usableTaxNo = /^0*$/.test(taxNo) ? '' : taxNo;
    const id = usableTaxNo !== '' ? usableTaxNo : name !== '' ? `name:${normalizeCompanyName(name)}` : '';
    if (id === '') return;
    const entry = this.counts.get(id);
    if (entry) {
      entry.rows += 1;
      if (entry.owner.name === '' && name !== '') entry.owner.name = name;
    } else if (this.counts.size < 100_000) {
      this.counts.set(id, { owner: { taxNo: usableTaxNo, name }, rows: 1 });
    }
  }

  /** The file's own party when no row named this company; null when one did (or no row was read). */
  owner(): FileOwner | null {
    if (this.own) return null;
    let best: { owner: FileOwner; rows: number } | null = null;
    for (const entry of this.counts.values()) if (!best || entry.rows > best.rows) best = entry;
    return best?.owner ?? null;
  }
}
