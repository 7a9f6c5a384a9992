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
  const text = normalizePolicyText(raw);
  if ([...text].length < 2) throw new AppError('VALIDATION', POLICY_SEARCH_MESSAGES.tooShort);
  return { text, grams: policyBigrams(text) };
}

/** Rebuilds a document's search columns from its title, 文号, summary and articles (after import or edit). */
export async function reindexPolicyDocument(db: DbOrTx, id: number): Promise<void> {
  await sql`
    UPDATE policy_documents AS d SET
      head_text = policy_normalize(d.title || d.doc_no || d.summary),
      search_text = policy_normalize(d.title || d.doc_no || d.summary || coalesce(
        (SELECT string_agg(a.heading || a.body, '' ORDER BY a.seq) FROM policy_articles a WHERE a.document_id = d.id), '')),
      search_grams = policy_bigrams(policy_normalize(d.title || d.doc_no || d.summary || coalesce(
        (SELECT string_agg(a.heading || a.body, '' ORDER BY a.seq) FROM policy_articles a WHERE a.document_id = d.id), '')))
    WHERE d.id = ${id}`.execute(db);
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
