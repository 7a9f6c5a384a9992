/** Row types of the policy tools (issue 15): the 残保金 ratio table (migration 0200). */
import type { ColumnType, Generated } from 'kysely';
import type { BigId, GeneratedId, Stamp } from './columns.js';

export interface DisabilityProportionsTable {
  region_code: string;
  region_name: string;
  ratio_bp: number;
  basis: string;
  updated_at: Stamp;
  updated_by: BigId | null;
}

/** The policy library (migration 0201). */
export interface PolicyDocumentsTable {
  id: GeneratedId;
  doc_no: string;
  title: string;
  issuer: string;
  issued_on: ColumnType<Date, Date | string, Date | string>;
  effective_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  tax_kind: string;
  region_code: Generated<string>;
  status: '有效' | '失效' | '部分失效';
  summary: string;
  source: string;
  head_text: Generated<string>;
  created_at: Stamp;
}

export interface PolicyArticlesTable {
  document_id: BigId;
  seq: number;
  heading: string;
  body: string;
  /** Normalised heading + body (migration 0260), indexed by its bigrams. */
  search_text: Generated<string>;
}

/** The narrow search table of migration 0260: filter columns, date and the document's bigrams. */
export interface PolicySearchKeysTable {
  document_id: BigId;
  issued_on: ColumnType<Date, Date | string, Date | string>;
  tax_kind: string;
  status: string;
  region_code: string;
  grams: string[];
}
