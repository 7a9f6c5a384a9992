import { type OpportunityRow, RISK_KINDS, RISK_LABELS, TAXPAYER_TYPE_LABELS } from '@taxlens/shared';

export type { OpportunityRow };

import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { divisionPath } from '../companydata/regions.js';
import { codeAt, type FacetIndex } from './facet-index.js';

/**
 * One page of the matches (at most the list limit reach here), newest companies first: the order
 * comes from the index, the columns from the registry table by credit code.
 */
export async function listRows(
  db: Db,
  index: FacetIndex,
  rows: readonly number[],
  page: number,
  size: number,
): Promise<OpportunityRow[]> {
  // Typed keys only: the comparator runs ~60 000 times for a full list (no strings built in it).
  const ordered = [...rows].sort((a, b) => (index.month[b] as number) - (index.month[a] as number) || a - b);
  const slice = ordered.slice((page - 1) * size, page * size);
  if (slice.length === 0) return [];
  const codes = slice.map((row) => codeAt(index, row));
  const found = await db
    .selectFrom('cd_companies')
    .select([
      'credit_code',
      'name',
      'legal_rep',
      'status_text',
      sql<string | null>`to_char(established_on, 'YYYY-MM-DD')`.as('established_on'),
      'capital_text',
      'registered_capital_fen',
      'industry_name',
      'taxpayer_type',
      'region_code',
      'address',
      'source',
      sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('as_of'),
    ])
    .where('credit_code', 'in', codes)
    .execute();
  const byCode = new Map(found.map((row) => [row.credit_code, row]));
  return slice.flatMap((row) => {
    const company = byCode.get(codeAt(index, row));
    if (!company) return [];
    const mask = index.risks[row] as number;
    const capital =
      company.capital_text ??
      (company.registered_capital_fen === null ? null : `${Number(company.registered_capital_fen) / 1_000_000}万元`);
    return [
      {
        creditCode: company.credit_code,
        name: company.name,
        legalRep: company.legal_rep,
        statusText: company.status_text,
        establishedOn: company.established_on,
        capitalText: capital,
        industryName: company.industry_name,
        taxpayerTypeText: company.taxpayer_type ? TAXPAYER_TYPE_LABELS[company.taxpayer_type] : null,
        regionCode: company.region_code,
        regionName: divisionPath(company.region_code),
        address: company.address,
        riskLabels: RISK_KINDS.filter((_, bit) => mask & (1 << bit)).map((kind) => RISK_LABELS[kind]),
        source: company.source,
        asOf: company.as_of,
      },
    ];
  });
}
