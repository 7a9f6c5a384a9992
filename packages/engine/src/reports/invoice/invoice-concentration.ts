import type { CounterpartyTotals } from './invoice-context.js';

export interface Concentration {
  /** Counterparties with a positive net amount, largest first. */
  ranked: { party: CounterpartyTotals; share: number }[];
  positiveTotalFen: number;
  top1Share: number;
  top5Share: number;
  /** Herfindahl–Hirschman index on shares in percent (0–10 000). */
  hhi: number;
}

/** Shares of net amount among counterparties; those netting to zero or below (fully red-flushed) drop out. */
export function concentrationOf(counterparties: ReadonlyMap<string, CounterpartyTotals>): Concentration {
  const positive = [...counterparties.values()].filter((party) => party.amountFen > 0);
  const positiveTotalFen = positive.reduce((sum, party) => sum + party.amountFen, 0);
  const ranked = positive
    .sort((a, b) => b.amountFen - a.amountFen || a.key.localeCompare(b.key))
    .map((party) => ({ party, share: party.amountFen / positiveTotalFen }));
  const top5Share = ranked.slice(0, 5).reduce((sum, row) => sum + row.share, 0);
  const hhi = ranked.reduce((sum, row) => sum + (row.share * 100) ** 2, 0);
  return { ranked, positiveTotalFen, top1Share: ranked[0]?.share ?? 0, top5Share, hhi };
}
