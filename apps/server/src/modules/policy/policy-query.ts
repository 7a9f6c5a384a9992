import { type RawBuilder, sql } from 'kysely';
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
  /** A 6-digit region code; a province code (xx0000) takes in the province's cities too. */
  region?: string;
  /** The full-text library (taxLawPolicyDatabasePermission 1) searches the articles too. */
  fullText: boolean;
}

/** The filters as one SQL condition on `d`; a province code (xx0000) takes in its cities too. */
function filterSql(search: PolicySearch): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (search.taxKind) parts.push(sql`d.tax_kind = ${search.taxKind}`);
  if (search.status) parts.push(sql`d.status = ${search.status}`);
  if (search.year)
    parts.push(
      sql`d.issued_on >= make_date(${search.year}, 1, 1) AND d.issued_on < make_date(${search.year + 1}, 1, 1)`,
    );
  const region = search.region;
  if (region === '000000') parts.push(sql`d.region_code = '000000'`);
  else if (region?.endsWith('0000')) parts.push(sql`left(d.region_code, 2) = ${region.slice(0, 2)}`);
  else if (region) parts.push(sql`d.region_code = ${region}`);
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

/** Above this many candidates the total is the candidate count (shown as 约); at or below it, exact. */
export const EXACT_TOTAL_LIMIT = 300;

/**
 * One page of the library, ranked by where the keyword occurs: title, 文号 and summary hits first
 * (title and 文号 10, summary 3; a small bigram index of those three, confirmed by strpos), then
 * documents where it occurs only in an article, newest first. Those are found without reading every
 * match: the document bigram array (GIN) gives the candidates, which are walked newest first and
 * confirmed one by one against their own articles (contiguous short rows) until the page is full
 * (LIMIT early). The total is exact up to EXACT_TOTAL_LIMIT candidates, else the candidate count
 * (totalExact false). Only the page's hits get their matching-article count and an excerpt.
 */
export async function searchPolicies(db: DbOrTx, search: PolicySearch) {
  const { page, size, fullText } = search;
  const keyword = search.keyword ? parsePolicyKeyword(search.keyword) : null;
  const offset = (page - 1) * size;
  const where = filterSql(search);
  if (!keyword) {
    const { rows } = await sql<{ id: number; total: string }>`
      SELECT d.id::int AS id, count(*) OVER () AS total FROM policy_documents d WHERE ${where}
      ORDER BY d.issued_on DESC, d.id DESC LIMIT ${size} OFFSET ${offset}`.execute(db);
    const list = await pageRows(
      db,
      rows.map((row) => ({ id: row.id, score: 0 })),
      null,
    );
    return { list, total: Number(rows[0]?.total ?? 0), totalExact: true, page, size, fullText, keyword: null };
  }
  const q = keyword.text;
  const grams = sql`${keyword.grams}::text[]`;
  const part = (n: number) => sql`split_part(d.head_text, chr(1), ${n})`;
  const { rows: heads } = await sql<{ id: number; score: number }>`
    SELECT d.id::int AS id,
      (CASE WHEN strpos(${part(1)}, ${q}) > 0 THEN 10 ELSE 0 END
        + CASE WHEN strpos(${part(2)}, ${q}) > 0 THEN 10 ELSE 0 END
        + CASE WHEN strpos(${part(3)}, ${q}) > 0 THEN 3 ELSE 0 END) AS score
    FROM policy_documents d
    WHERE policy_bigrams(d.head_text) @> ${grams} AND strpos(d.head_text, ${q}) > 0 AND ${where}
    ORDER BY score DESC, d.issued_on DESC, d.id DESC`.execute(db);
  const picked = heads.slice(offset, offset + size);
  let bodyTotal = 0;
  let totalExact = true;
  if (fullText) {
    // Article-only hits: candidates by the bigram array of the narrow key table, not head hits,
    // newest first. OFFSET 0 keeps the article check out of the sorted subquery, so it runs row by
    // row only until the page is full.
    const headIds = sql`${heads.map((row) => row.id)}::bigint[]`;
    const candidates = sql`
      FROM policy_search_keys d
      WHERE d.grams @> ${grams} AND NOT (d.document_id = ANY(${headIds})) AND ${where}`;
    const { rows: counted } = await sql<{ n: string }>`SELECT count(*) AS n ${candidates}`.execute(db);
    const count = Number(counted[0]?.n ?? 0);
    const take = size - picked.length;
    if (count > 0 && take > 0) {
      const { rows: body } = await sql<{ id: number }>`
        SELECT d.id::int AS id FROM (
          SELECT d.document_id AS id, d.issued_on ${candidates} ORDER BY d.issued_on DESC, d.document_id DESC OFFSET 0
        ) d WHERE ${articleContains(q)}
        LIMIT ${take} OFFSET ${Math.max(0, offset - heads.length)}`.execute(db);
      for (const row of body) picked.push({ id: row.id, score: 0 });
    }
    if (count > EXACT_TOTAL_LIMIT) {
      bodyTotal = count;
      totalExact = false;
    } else if (count > 0) {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM (SELECT d.document_id AS id ${candidates}) d WHERE ${articleContains(q)}`.execute(db);
      bodyTotal = Number(rows[0]?.n ?? 0);
    }
  }
  const list = await pageRows(db, picked, fullText ? q : null);
  return { list, total: heads.length + bodyTotal, totalExact, page, size, fullText, keyword: q };
}

/** A document whose articles contain the keyword (its own rows, read by primary key). */
const articleContains = (q: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM policy_articles a WHERE a.document_id = d.id AND strpos(a.search_text, ${q}) > 0)`;

/** The page's documents in rank order, each with its matching-article count and first excerpt. */
async function pageRows(db: DbOrTx, picked: { id: number; score: number }[], q: string | null) {
  if (picked.length === 0) return [];
  const ids = picked.map((row) => row.id);
  const documents = await db
    .selectFrom('policy_documents as d')
    .select(POLICY_COLUMNS)
    .where('d.id', 'in', ids)
    .execute();
  const hits = new Map<number, number>();
  const snippets = new Map<number, string>();
  if (q) {
    const articles = await db
      .selectFrom('policy_articles')
      .select(['document_id', 'heading', 'body'])
      .where('document_id', 'in', ids)
      .where(sql<boolean>`strpos(search_text, ${q}) > 0`)
      .orderBy('document_id')
      .orderBy('seq')
      .execute();
    for (const article of articles) {
      const id = Number(article.document_id);
      hits.set(id, (hits.get(id) ?? 0) + 1);
      if (snippets.has(id)) continue;
      const excerpt = snippetAround(article.body, q);
      if (excerpt) snippets.set(id, `${article.heading}：${excerpt}`);
    }
  }
  const byId = new Map(documents.map((row) => [row.id, row]));
  return picked.flatMap(({ id, score }) => {
    const row = byId.get(id);
    return row ? [{ ...row, score, articleHits: hits.get(id) ?? 0, snippet: snippets.get(id) ?? null }] : [];
  });
}
