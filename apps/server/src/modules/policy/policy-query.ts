import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { parsePolicyKeyword, snippetAround } from './policy-search.js';

export const POLICY_COLUMNS = [
  sql<number>`d.id::int`.as('id'),
  'd.doc_no as docNo',
  'd.title',
  'd.issuer',
  sql<string>`to_char(d.issued_on, 'YYYY-MM-DD')`.as('issuedOn'),
  sql<string | null>`to_char(d.effective_on, 'YYYY-MM-DD')`.as('effectiveOn'),
  'd.tax_kind as taxKind',
  'd.region_code as regionCode',
  'd.status',
  'd.summary',
  'd.source',
] as const;

export interface PolicySearch {
  page: number;
  size: number;
  keyword?: string;
  taxKind?: string;
  status?: '有效' | '失效' | '部分失效';
  year?: number;
  /** The full-text library (taxLawPolicyDatabasePermission 1) searches the articles too. */
  fullText: boolean;
}

/**
 * One page of the library. A keyword must occur in the normalised text: the bigram array (GIN)
 * narrows the candidates, strpos confirms them. Ranked by where it occurs (title, 文号, summary
 * outweigh the count of articles containing it), then newest first; each hit gets an excerpt of
 * the first article that contains it.
 */
export async function searchPolicies(db: DbOrTx, search: PolicySearch) {
  const { page, size, taxKind, status, year, fullText } = search;
  const keyword = search.keyword ? parsePolicyKeyword(search.keyword) : null;
  let query = db.selectFrom('policy_documents as d').select(POLICY_COLUMNS);
  if (taxKind) query = query.where('d.tax_kind', '=', taxKind);
  if (status) query = query.where('d.status', '=', status);
  if (year) query = query.where(sql<boolean>`extract(year FROM d.issued_on) = ${year}`);
  let scored = query.select(sql<number>`0`.as('score'));
  if (keyword) {
    const q = keyword.text;
    const articleHits = fullText
      ? sql<number>`(SELECT count(*)::int FROM policy_articles a WHERE a.document_id = d.id
          AND strpos(policy_normalize(a.heading || a.body), ${q}) > 0)`
      : sql<number>`0`;
    scored = query
      .where(
        fullText
          ? sql<boolean>`d.search_grams @> ${keyword.grams}::text[] AND strpos(d.search_text, ${q}) > 0`
          : sql<boolean>`strpos(d.head_text, ${q}) > 0`,
      )
      .select(
        sql<number>`(CASE WHEN strpos(policy_normalize(d.title), ${q}) > 0 THEN 10 ELSE 0 END
          + CASE WHEN strpos(policy_normalize(d.doc_no), ${q}) > 0 THEN 10 ELSE 0 END
          + CASE WHEN strpos(policy_normalize(d.summary), ${q}) > 0 THEN 3 ELSE 0 END
          + ${articleHits})`.as('score'),
      );
  }
  const rows = await scored
    .select(sql<string>`count(*) OVER ()`.as('total'))
    .orderBy('score', 'desc')
    .orderBy('d.issued_on', 'desc')
    .orderBy('d.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const snippets = new Map<number, string>();
  if (keyword && fullText && rows.length > 0) {
    const articles = await db
      .selectFrom('policy_articles')
      .select(['document_id', 'heading', 'body'])
      .where(
        'document_id',
        'in',
        rows.map((row) => row.id),
      )
      .where(sql<boolean>`strpos(policy_normalize(heading || body), ${keyword.text}) > 0`)
      .orderBy('document_id')
      .orderBy('seq')
      .execute();
    for (const article of articles) {
      const id = Number(article.document_id);
      if (snippets.has(id)) continue;
      const excerpt = snippetAround(article.body, keyword.text);
      if (excerpt) snippets.set(id, `${article.heading}：${excerpt}`);
    }
  }
  return {
    list: rows.map(({ total: _total, ...row }) => ({ ...row, snippet: snippets.get(row.id) ?? null })),
    total: Number(rows[0]?.total ?? 0),
    page,
    size,
    fullText,
    keyword: keyword?.text ?? null,
  };
}
