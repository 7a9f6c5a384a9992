import { industrySectionName, regionName } from '@taxlens/shared';
import { CompiledQuery, sql } from 'kysely';
import { type Db, poolOf } from '../../db/kysely.js';
import type { JsonBody } from '../../lib/json-body.js';
import type { ListCache } from '../../lib/list-cache.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { visibleOwners } from './companies.policy.js';
import { type CompanyFilters, filteredCompanies } from './companies.repo.js';

/**
 * findFirmList, the list every company page opens, written as JSON text (issue 21). PostgreSQL
 * writes each row's JSON (row_to_json, in the order of companySchema's keys) in three pieces; the
 * server puts the two catalogue names (regionName, industrySectionName, from the shared catalogues)
 * between them and sends the text as it is: no row objects, no serializer. The
 * answer is byte for byte what presentCompany and the schema's serializer write (company-page.test.ts).
 * Whatever the list reads must be covered by migration 0350's triggers (the list cache).
 */
/** Date.toISOString's form. Like pg's Date, to_char cuts microseconds to milliseconds (.999999 → .999). */
const ISO = sql.lit('YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');

const PIECES = [
  sql<string>`(SELECT row_to_json(h) FROM (SELECT c.id AS "firmId", c.taxpayer_name AS "taxpayerName",
    c.tax_no AS "taxNo", c.tax_no_warning AS "taxNoWarning", c.region_code AS "regionCode") h)::text`.as('head'),
  sql<string | null>`c.region_code`.as('region'),
  sql<string>`(SELECT row_to_json(m) FROM (SELECT c.industry_code AS "industryCode",
    c.industry_name AS "industryName") m)::text`.as('middle'),
  sql<string | null>`c.industry_code`.as('industry'),
  sql<string>`(SELECT row_to_json(t) FROM (SELECT c.taxpayer_type AS "taxpayerType",
    c.accounting_standard AS "accountingStandard", c.legal_person AS "legalPerson", c.contact_name AS "contactName",
    c.contact_phone AS "contactPhone", c.address, c.remark, c.invoice_limit_fen AS "invoiceLimitFen",
    CASE WHEN c.assignee_id IS NULL THEN NULL ELSE (SELECT row_to_json(x) FROM (SELECT c.assignee_id AS "userId",
      coalesce(a.nick_name, CASE WHEN a.phone ~ '^[0-9]{11}$' THEN substr(a.phone, 1, 3) || '****' || substr(a.phone, 8)
        ELSE '-' END) AS name) x) END AS assignee,
    to_char(c.created_at AT TIME ZONE 'UTC', ${ISO}) AS "createTime",
    to_char(c.updated_at AT TIME ZONE 'UTC', ${ISO}) AS "updateTime") t)::text`.as('tail'),
  sql<number>`count(*) OVER ()`.as('total'),
] as const;

type PieceRow = [string, string | null, string, string | null, string, number];

/** Statement names by SQL text: each filter combination is parsed and planned once per connection. */
const statements = new Map<string, string>();

const quotedNames = new Map<string, string>();
/** A catalogue name as a JSON string, remembered per code (a few hundred codes at most). */
function quoted(kind: 'r' | 'i', code: string | null): string {
  const key = `${kind}${code}`;
  let text = quotedNames.get(key);
  if (text === undefined) {
    text = JSON.stringify(kind === 'r' ? regionName(code) : industrySectionName(code));
    if (quotedNames.size < 5000) quotedNames.set(key, text);
  }
  return text;
}

function rowJson([head, region, middle, industry, tail]: PieceRow): string {
  return `${head.slice(0, -1)},"regionName":${quoted('r', region)},${middle.slice(1, -1)},"industrySectionName":${quoted('i', industry)},${tail.slice(1)}`;
}

function pageQuery(
  db: Db,
  groupId: number,
  owners: number[] | null,
  filters: CompanyFilters,
  limit: number,
  offset: number,
) {
  return filteredCompanies(db, groupId, owners, filters)
    .select(PIECES)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .compile();
}

/**
 * Building the query costs more than PostgreSQL spends on it. The unfiltered list (how every
 * company page opens) is built once per number of owners with stand-in values, which each call
 * swaps for its own; filtered lists are built each time.
 */
const unfiltered = new Map<string, { sql: string; parameters: readonly unknown[] }>();
const STAND_IN = -4_000_000_000_000;

function compiledPage(
  db: Db,
  groupId: number,
  owners: number[] | null,
  filters: CompanyFilters,
  page: { page: number; size: number },
): { sql: string; parameters: readonly unknown[] } {
  const offset = (page.page - 1) * page.size;
  if (Object.values(filters).some(Boolean)) return pageQuery(db, groupId, owners, filters, page.size, offset);
  const values = [groupId, page.size, offset, ...(owners ?? [])];
  const key = owners === null ? 'all' : String(owners.length);
  let template = unfiltered.get(key);
  if (!template) {
    const standIns = values.map((_, i) => STAND_IN - i);
    const [g, limit, skip, ...rest] = standIns as [number, number, number, ...number[]];
    template = pageQuery(db, g, owners === null ? null : rest, {}, limit, skip);
    // Every stand-in must be a parameter of its own, or swapping them would not be exact.
    const seen = template.parameters.filter((value) => typeof value === 'number' && value <= STAND_IN);
    if (new Set(seen).size !== values.length) return pageQuery(db, groupId, owners, filters, page.size, offset);
    if (unfiltered.size < 100) unfiltered.set(key, template);
  }
  return {
    sql: template.sql,
    parameters: template.parameters.map((value) =>
      typeof value === 'number' && value <= STAND_IN && value > STAND_IN - values.length
        ? values[STAND_IN - value]
        : value,
    ),
  };
}

/** The whole findFirmList answer (`{ code, msg, data: { list, total, page, size } }`) as JSON text. */
export async function companyPageJson(
  db: Db,
  actor: Actor,
  filters: CompanyFilters,
  page: { page: number; size: number },
): Promise<string> {
  const owners = await visibleOwners(db, actor);
  const compiled = compiledPage(db, actor.groupId, owners, filters, page);
  const pool = poolOf(db);
  let rows: PieceRow[];
  if (pool) {
    let name = statements.get(compiled.sql);
    if (name === undefined && statements.size < 200) {
      name = `taxlens_firm_page_${statements.size}`;
      statements.set(compiled.sql, name);
    }
    const result = await pool.query<PieceRow>({
      name,
      text: compiled.sql,
      values: compiled.parameters as unknown[],
      rowMode: 'array',
    });
    rows = result.rows;
  } else {
    rows = (
      await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(compiled.sql, [...compiled.parameters]))
    ).rows.map((row) => Object.values(row) as PieceRow);
  }
  // As listCompanies: a page past the end has no row to count with, and says total 0.
  const total = rows[0]?.[5] ?? 0;
  return `{"code":0,"msg":"success","data":{"list":[${rows.map(rowJson).join(',')}],"total":${total},"page":${page.page},"size":${page.size}}}`;
}

/**
 * Who sees which companies: the main account the whole group, staff their own, a supervisor its
 * own and its teams' staff (companies.policy visibleOwners). The scope is the user for both of
 * the latter: a supervisor's staff change through team_members and users, which invalidate.
 */
function scopeOf(actor: Actor): string {
  return actor.level === 1 ? 'all' : `${actor.level}:${actor.userId}`;
}

/**
 * findFirmList through the list cache: the kept answer, or a fresh one (kept when nothing of the
 * group changed while it was read). Byte for byte what companyPageJson writes (list-cache.test.ts).
 */
export async function cachedCompanyPage(
  cache: ListCache,
  db: Db,
  actor: Actor,
  filters: CompanyFilters,
  page: { page: number; size: number },
): Promise<JsonBody> {
  const key = JSON.stringify([
    scopeOf(actor),
    page.page,
    page.size,
    filters.keyword,
    filters.taxpayerName,
    filters.regionCode,
    filters.industryCode,
    filters.taxpayerType,
    filters.assigneeId,
  ]);
  const kept = cache.get(actor.groupId, key);
  if (kept) return kept;
  const since = cache.version(actor.groupId);
  return cache.store(actor.groupId, key, await companyPageJson(db, actor, filters, page), since);
}
