import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';

/** Same folding as the SQL policy_normalize(): no whitespace, Latin letters lower-cased. */
export function normalizePolicyText(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

export function policyBigrams(text: string): string[] {
  const chars = [...text];
  const grams = new Set<string>();
  for (let index = 0; index + 1 < chars.length; index += 1) grams.add(`${chars[index]}${chars[index + 1]}`);
  return [...grams];
}

export const POLICY_SEARCH_MESSAGES = { tooShort: '请至少输入2个字的关键词' } as const;

/** The normalised keyword and its bigrams; one character would scan the whole library, so it is refused. */
export function parsePolicyKeyword(raw: string): { text: string; grams: string[] } {
  // The head_text separator never belongs to a keyword (it would match across title and 文号).
  const text = normalizePolicyText(raw).split(HEAD_SEPARATOR).join('');
  if ([...text].length < 2) throw new AppError('VALIDATION', POLICY_SEARCH_MESSAGES.tooShort);
  return { text, grams: policyBigrams(text) };
}

/** head_text: normalised title, 文号 and summary, separated so the rank can tell them apart. */
export const HEAD_SEPARATOR = '\u0001';

/**
 * Rebuilds a document's search columns and its row of policy_search_keys from its title, 文号,
 * summary and articles (after an import or an edit of its metadata or status).
 */
export async function reindexPolicyDocument(db: DbOrTx, id: number): Promise<void> {
  await sql`UPDATE policy_articles SET search_text = policy_normalize(heading || body) WHERE document_id = ${id}`.execute(
    db,
  );
  await sql`
    UPDATE policy_documents SET head_text =
      policy_normalize(title) || chr(1) || policy_normalize(doc_no) || chr(1) || policy_normalize(summary)
    WHERE id = ${id}`.execute(db);
  await sql`
    INSERT INTO policy_search_keys (document_id, issued_on, tax_kind, status, region_code, grams)
    SELECT d.id, d.issued_on, d.tax_kind, d.status, d.region_code,
      policy_bigrams(policy_normalize(d.title || d.doc_no || d.summary) || coalesce(
        (SELECT string_agg(a.search_text, '' ORDER BY a.seq) FROM policy_articles a WHERE a.document_id = d.id), ''))
    FROM policy_documents d WHERE d.id = ${id}
    ON CONFLICT (document_id) DO UPDATE SET issued_on = excluded.issued_on, tax_kind = excluded.tax_kind,
      status = excluded.status, region_code = excluded.region_code, grams = excluded.grams`.execute(db);
}

/** An excerpt of about 80 characters around the first place the keyword occurs, or null. */
export function snippetAround(body: string, keyword: string): string | null {
  const flat = body.replace(/\s+/g, '');
  const at = flat.toLowerCase().indexOf(keyword);
  if (at < 0) return null;
  const start = Math.max(0, at - 30);
  const end = Math.min(flat.length, at + keyword.length + 50);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

const CHINESE_NUMERALS = '[一二三四五六七八九十百零〇]+';

/**
 * Articles of a plain-text document: split before each "第…条" at the start of a line; text before
 * the first article becomes the preamble. A text without articles is one section.
 */
export function articlesFromText(text: string): { heading: string; body: string }[] {
  const pattern = new RegExp(`^\\s*(第${CHINESE_NUMERALS}条)`, 'm');
  const parts = text.split(new RegExp(`(?=^\\s*第${CHINESE_NUMERALS}条)`, 'm'));
  const articles: { heading: string; body: string }[] = [];
  for (const part of parts) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const match = pattern.exec(trimmed);
    if (match?.[1]) articles.push({ heading: match[1], body: trimmed.slice(match[0].trim().length).trim() });
    else articles.push({ heading: '正文', body: trimmed });
  }
  return articles;
}
