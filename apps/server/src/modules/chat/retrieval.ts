import type { ChatSourceItem } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { normalizePolicyText, policyBigrams } from '../policy/policy-search.js';

/**
 * The assistant's retrieval: Chinese is segmented into character bigrams, the approach (and the
 * SQL functions policy_normalize/policy_bigrams) of the policy library, so FAQ entries, the product
 * help and policy documents share one index shape. Grams made only of function words (怎么, 如何,
 * 请问…) say nothing about the topic and are dropped from the question.
 */
const FUNCTION_CHARS = new Set([
  ...'的了吗呢啊吧呀是我你您他她它们这那个么怎如何什请问能可以要想得会在和与及或就都也还有没把被给对一下些吗？?，,。.！!、：:；;“”"\'（）() ',
]);

export function questionGrams(question: string): string[] {
  const text = normalizePolicyText(question).replace(/[^\p{L}\p{N}]/gu, '');
  return policyBigrams(text).filter((gram) => [...gram].some((char) => !FUNCTION_CHARS.has(char)));
}

export interface RetrievedSource extends ChatSourceItem {
  /** Share of the question's topic grams the source contains, weighted by kind (0–1). */
  score: number;
  text: string;
}

/** Operator FAQ first, then the product help, then policy documents when scores tie. */
const KIND_WEIGHT = { faq: 1, help: 0.95, policy: 0.85 } as const;

/** The best sources for a question, best first (at most `limit`). */
export async function retrieve(db: DbOrTx, question: string, limit = 3): Promise<RetrievedSource[]> {
  const grams = questionGrams(question);
  if (grams.length === 0) return [];
  const matched = (column: string) =>
    sql<number>`(SELECT count(*) FROM unnest(${grams}::text[]) AS g WHERE g = ANY(${sql.ref(column)}))`;
  const [knowledge, policies] = await Promise.all([
    db
      .selectFrom('chat_knowledge')
      .select(['id', 'kind', 'question', 'answer', 'link', matched('search_grams').as('hits')])
      .where('enabled', '=', true)
      .where(sql<boolean>`search_grams && ${grams}::text[]`)
      .orderBy('hits', 'desc')
      .limit(10)
      .execute(),
    // A document's bigrams live in policy_search_keys (migration 0260).
    db
      .selectFrom('policy_search_keys as k')
      .innerJoin('policy_documents as d', 'd.id', 'k.document_id')
      .select(['d.id', 'd.title', 'd.doc_no', 'd.summary', matched('k.grams').as('hits')])
      .where(sql<boolean>`k.grams && ${grams}::text[]`)
      .orderBy('hits', 'desc')
      .orderBy('d.issued_on', 'desc')
      .limit(10)
      .execute(),
  ]);
  const sources: RetrievedSource[] = [
    ...knowledge.map((row) => ({
      kind: row.kind,
      title: row.question,
      link: row.link,
      text: row.answer,
      score: (Number(row.hits) / grams.length) * KIND_WEIGHT[row.kind],
    })),
    ...policies.map((row) => ({
      kind: 'policy' as const,
      title: `${row.title}（${row.doc_no}）`,
      link: `/policy/detail?id=${row.id}`,
      text: row.summary,
      score: (Number(row.hits) / grams.length) * KIND_WEIGHT.policy,
    })),
  ];
  return sources.sort((a, b) => b.score - a.score).slice(0, limit);
}

/** Below this the assistant does not guess: the customer goes to a human. */
export const CONFIDENCE_THRESHOLD = 0.5;

export async function reindexKnowledge(db: DbOrTx, id: number): Promise<void> {
  await sql`UPDATE chat_knowledge SET search_grams = policy_bigrams(policy_normalize(question || keywords || answer)) WHERE id = ${id}`.execute(
    db,
  );
}
