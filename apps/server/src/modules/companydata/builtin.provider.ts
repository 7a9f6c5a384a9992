import type { RelationKind, RiskKind } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import type {
  CompanyDataProvider,
  CompanyHit,
  CompanyProfile,
  CounterpartyFacts,
  CreditRating,
  RelationRecord,
  RiskRecord,
} from './provider.types.js';
import { parseCompanyQuery } from './search-terms.js';

/** Matches inside names ranked per search at most (see search()). */
const CANDIDATES = 100;

const day = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Non-removed records of these lists make a counterparty "listed" in the invoice report. */
const LIVE_KINDS: readonly RiskKind[] = [
  'abnormal_taxpayer',
  'major_tax_violation',
  'abnormal_operation',
  'serious_illegal',
  'tax_arrears',
  'dishonest_debtor',
];

/** A search hit's columns, for the raw search statement (the same as hitSelect's). */
const hitColumns = sql`c.credit_code AS "creditCode", c.name, c.legal_rep AS "legalRep", c.status_text AS "statusText",
  c.region_code AS "regionCode", to_char(c.established_on, 'YYYY-MM-DD') AS "establishedOn", c.source,
  to_char(c.as_of, 'YYYY-MM-DD') AS "asOf"`;

/**
 * The first string after every string that starts with `prefix`, in byte (code point) order: the
 * prefix with its last character's code point raised by one. A range with a parameter as its bound
 * uses the btree in any plan, where LIKE 'prefix%' needs the pattern written into the statement.
 */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  // The surrogate block holds no characters; U+10FFFF has no next one (no name ends a range there).
  const next = last + 1 === 0xd800 ? 0xe000 : Math.min(last + 1, 0x10ffff);
  return `${chars.join('')}${String.fromCodePoint(next)}`;
}

function hitSelect(db: Db) {
  return db
    .selectFrom('cd_companies as c')
    .select([
      'c.credit_code as creditCode',
      'c.name',
      'c.legal_rep as legalRep',
      'c.status_text as statusText',
      'c.region_code as regionCode',
      day('c.established_on').as('establishedOn'),
      'c.source',
      sql<string>`to_char(c.as_of, 'YYYY-MM-DD')`.as('asOf'),
    ]);
}

/** A bigram on more than this share of names narrows a search too little to be worth reading its index entries. */
const COMMON_GRAM_SHARE = 0.005;
const GRAM_STATS_TTL_MS = 10 * 60_000;

/**
 * The index entries a name search reads: its rarest bigrams by the planner's own statistics of the
 * column (pg_stats.most_common_elems, kept by ANALYZE). Every bigram of a common word (有限, 科技, a
 * city) lists a large share of the registry, and the GIN index reads each list in full; the substring
 * check on the candidates keeps the answer exact whichever bigrams are used.
 */
function createGramPicker(db: Db) {
  let common = new Map<string, number>();
  let loadedAt = 0;
  async function refresh() {
    loadedAt = Date.now();
    const result = await sql<{ elems: string[] | null; freqs: number[] | null }>`
      SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
      FROM pg_stats WHERE tablename = 'cd_companies' AND attname = 'search_grams'`.execute(db);
    const row = result.rows[0];
    common = new Map((row?.elems ?? []).map((gram, index) => [gram, Number(row?.freqs?.[index] ?? 0)]));
  }
  return async (grams: readonly string[]): Promise<string[]> => {
    if (Date.now() - loadedAt > GRAM_STATS_TTL_MS) await refresh().catch(() => {});
    const ranked = [...grams].sort((a, b) => (common.get(a) ?? 0) - (common.get(b) ?? 0));
    const rare = ranked.filter((gram) => (common.get(gram) ?? 0) < COMMON_GRAM_SHARE).slice(0, 2);
    return rare.length > 0 ? rare : ranked.slice(0, 1);
  };
}

/** The built-in provider: the cd_* tables the operator fills by importing datasets. */
export function createBuiltinProvider(db: Db): CompanyDataProvider {
  const pickGrams = createGramPicker(db);
  return {
    info: { id: 'builtin', label: '内置数据（平台导入的公示数据）' },

    async search(query, limit = 20) {
      const parsed = parseCompanyQuery(query);
      if (parsed.by === 'code') {
        return (await hitSelect(db).where('c.credit_code', '=', parsed.code).execute()) as CompanyHit[];
      }
      const size = Math.min(Math.max(limit, 1), 50);
      const column = sql.ref(parsed.by === 'name' ? 'c.name_key' : 'c.initials');
      const key = sql`${column} COLLATE "C"`;
      const position = sql`strpos(${column}, ${parsed.text})`;
      const grams = await pickGrams(parsed.grams);
      // One statement, one round trip. First the names that start with the query: a btree range scan
      // in byte order (the exact name is the first of its range) that stops at the page size. Only
      // when fewer than a page start with it does the executor go on to the second branch (Append
      // runs its branches in turn and the outer LIMIT stops pulling): names that contain it, found
      // through the bigram index. A broad query (a city, a common word) can match a large share of
      // the registry; each candidate costs a heap visit to check the substring, so only the first
      // CANDIDATES matches found are ranked (closer to the start, then shorter names).
      const rows = await sql<CompanyHit & { branch: number }>`
        SELECT h.* FROM (
          (SELECT ${hitColumns}, 0 AS branch FROM cd_companies c
            WHERE ${key} >= ${parsed.text} AND ${key} < ${prefixEnd(parsed.text)}
            ORDER BY ${key}, c.credit_code LIMIT ${size})
          UNION ALL
          (SELECT m.credit_code AS "creditCode", m.name, m."legalRep", m."statusText", m."regionCode",
              m."establishedOn", m.source, m."asOf", 1 AS branch
            FROM (SELECT ${hitColumns}, c.credit_code, ${position} AS position, length(c.name) AS length
              FROM cd_companies c
              WHERE c.search_grams @> ${sql.val(grams)}::text[] AND ${position} > 1
              LIMIT ${CANDIDATES}) m
            ORDER BY m.position, m.length, m.credit_code LIMIT ${size})
        ) h LIMIT ${size}`.execute(db);
      // Append keeps its branches' order; the stable sort only guards that.
      return rows.rows.sort((a, b) => a.branch - b.branch).map(({ branch: _branch, ...hit }) => hit);
    },

    async profile(creditCode) {
      const row = await hitSelect(db)
        .select([
          'c.registration',
          'c.registered_capital_fen as registeredCapitalFen',
          'c.capital_text as capitalText',
          'c.company_type as companyType',
          'c.address',
          'c.scope',
          'c.industry_code as industryCode',
          'c.industry_name as industryName',
          'c.taxpayer_type as taxpayerType',
        ])
        .where('c.credit_code', '=', creditCode.trim().toUpperCase())
        .executeTakeFirst();
      return (row as CompanyProfile | undefined) ?? null;
    },

    async relations(creditCode, kind: RelationKind) {
      const rows = await db
        .selectFrom('cd_relations')
        .select([
          'kind',
          'name',
          'role',
          'other_code as otherCode',
          'amount_fen as amountFen',
          'ratio_bp as ratioBp',
          day('happened_on').as('happenedOn'),
          'before_text as beforeText',
          'after_text as afterText',
          'source',
          sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('asOf'),
        ])
        .where('credit_code', '=', creditCode)
        .where('kind', '=', kind)
        .orderBy(sql`happened_on DESC NULLS LAST`)
        .orderBy('ratio_bp', 'desc')
        .orderBy('id')
        .limit(500)
        .execute();
      return rows as RelationRecord[];
    },

    async risks(creditCode, kinds) {
      let query = db
        .selectFrom('cd_risks')
        .select([
          sql<string>`id::text`.as('id'),
          'kind',
          'credit_code as creditCode',
          'name',
          'reference',
          'title',
          'category',
          day('decided_on').as('decidedOn'),
          day('removed_on').as('removedOn'),
          'amount_fen as amountFen',
          'authority',
          'person_name as personName',
          'details',
          'source',
          sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('asOf'),
        ])
        .where('credit_code', '=', creditCode);
      if (kinds) query = query.where('kind', 'in', kinds.length > 0 ? [...kinds] : ['']);
      const rows = await query.orderBy(sql`decided_on DESC NULLS LAST`).orderBy('id').limit(1000).execute();
      return rows as RiskRecord[];
    },

    async creditRatings(creditCode) {
      const rows = await db
        .selectFrom('cd_credit_ratings')
        .select(['year', 'level', 'source', sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('asOf')])
        .where('credit_code', '=', creditCode)
        .orderBy('year', 'desc')
        .execute();
      return rows as CreditRating[];
    },

    async counterparties(creditCodes) {
      const codes = [...new Set(creditCodes.map((code) => code.trim().toUpperCase()).filter(Boolean))];
      const facts = new Map<string, CounterpartyFacts>();
      if (codes.length === 0) return facts;
      const [companies, ratings, risks] = await Promise.all([
        db
          .selectFrom('cd_companies')
          .select([
            'credit_code',
            'name',
            'registration',
            'status_text',
            'source',
            sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('as_of'),
          ])
          .where('credit_code', 'in', codes)
          .execute(),
        db
          .selectFrom('cd_credit_ratings')
          .distinctOn('credit_code')
          .select([
            'credit_code',
            'year',
            'level',
            'name',
            'source',
            sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('as_of'),
          ])
          .where('credit_code', 'in', codes)
          .orderBy('credit_code')
          .orderBy('year', 'desc')
          .execute(),
        db
          .selectFrom('cd_risks')
          .select(['credit_code', 'kind', 'name', 'source', sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('as_of')])
          .where('credit_code', 'in', codes)
          .where('kind', 'in', [...LIVE_KINDS])
          .where((eb) => eb.or([eb('removed_on', 'is', null), eb('removed_on', '>', sql<Date>`current_date`)]))
          .execute(),
      ]);
      const entry = (code: string, name: string | null, source: string, asOf: string): CounterpartyFacts => {
        let fact = facts.get(code);
        if (!fact) {
          fact = {
            creditCode: code,
            name,
            registration: 'unknown',
            statusText: null,
            creditLevel: null,
            creditYear: null,
            listedOn: [],
            source,
            asOf,
          };
          facts.set(code, fact);
        }
        // The oldest as-of among the records used is the date the whole answer holds for.
        if (asOf < fact.asOf) fact.asOf = asOf;
        if (!fact.source.includes(source)) fact.source = `${fact.source}；${source}`;
        return fact;
      };
      for (const row of companies) {
        const fact = entry(row.credit_code, row.name, row.source, row.as_of);
        fact.registration = row.registration;
        fact.statusText = row.status_text;
      }
      for (const row of ratings) {
        const fact = entry(row.credit_code, row.name, row.source, row.as_of);
        fact.creditLevel = row.level;
        fact.creditYear = row.year;
      }
      for (const row of risks) {
        const fact = entry(row.credit_code, row.name, row.source, row.as_of);
        if (!fact.listedOn.includes(row.kind as RiskKind)) fact.listedOn.push(row.kind as RiskKind);
      }
      return facts;
    },
  };
}
