import { INDUSTRY_SECTIONS, REGIONS } from '@taxlens/shared';
import { CompiledQuery, sql } from 'kysely';
import { type Db, poolOf } from '../../db/kysely.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { visibleOwners } from './companies.policy.js';
import { type CompanyFilters, filteredCompanies } from './companies.repo.js';

/**
 * findFirmList, the list every company page opens, written whole by PostgreSQL (issue 21): each
 * row's JSON by row_to_json in companySchema's key order, the page joined by string_agg, the
 * catalogue names (regionName, industrySectionName) looked up in the shared catalogues, which the
 * statement carries as VALUES lists. The server sends the one text it gets back as it is: no row
 * objects, no serializer. The answer is byte for byte what presentCompany and the schema's
 * serializer write (company-page.test.ts).
 */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const valuesOf = (entries: readonly { code: string; name: string }[]) =>
  entries.map((entry, i) => `(${i}, ${literal(entry.code)}, ${literal(entry.name)})`).join(', ');
const CATALOGUES = `WITH regions (ord, code, name) AS (VALUES ${valuesOf(REGIONS)}),
  sections (ord, code, name) AS (VALUES ${valuesOf(INDUSTRY_SECTIONS)})`;

/** Date.toISOString's form. Like pg's Date, to_char cuts microseconds to milliseconds (.999999 → .999). */
const ISO = sql.lit('YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');

/** regionName (catalogs/regions.ts) in SQL: the code itself, else its city, else its province, else the code. */
const REGION_NAME = sql`CASE WHEN coalesce(c.region_code, '') = '' THEN '-' ELSE coalesce(
    (SELECT name FROM regions WHERE code = c.region_code ORDER BY ord LIMIT 1),
    (SELECT name FROM regions WHERE code = left(c.region_code, 4) || '00' AND code NOT LIKE '%0000' ORDER BY ord LIMIT 1),
    (SELECT name FROM regions WHERE code = left(c.region_code, 2) || '0000' ORDER BY ord LIMIT 1),
    c.region_code) END`;

const ROW_JSON = sql<string>`(SELECT row_to_json(r)::text FROM (SELECT c.id AS "firmId",
    c.taxpayer_name AS "taxpayerName", c.tax_no AS "taxNo", c.tax_no_warning AS "taxNoWarning",
    c.region_code AS "regionCode", ${REGION_NAME} AS "regionName",
    c.industry_code AS "industryCode", c.industry_name AS "industryName",
    coalesce((SELECT name FROM sections WHERE code = c.industry_code ORDER BY ord LIMIT 1), '-') AS "industrySectionName",
    c.taxpayer_type AS "taxpayerType", c.accounting_standard AS "accountingStandard", c.legal_person AS "legalPerson",
    c.contact_name AS "contactName", c.contact_phone AS "contactPhone", c.address, c.remark,
    c.invoice_limit_fen AS "invoiceLimitFen",
    CASE WHEN c.assignee_id IS NULL THEN NULL ELSE (SELECT row_to_json(x) FROM (SELECT c.assignee_id AS "userId",
      coalesce(a.nick_name, CASE WHEN a.phone ~ '^[0-9]{11}$' THEN substr(a.phone, 1, 3) || '****' || substr(a.phone, 8)
        ELSE '-' END) AS name) x) END AS assignee,
    to_char(c.created_at AT TIME ZONE 'UTC', ${ISO}) AS "createTime",
    to_char(c.updated_at AT TIME ZONE 'UTC', ${ISO}) AS "updateTime") r)`;

/** Statement names by SQL text: each filter combination is parsed and planned once per connection. */
const statements = new Map<string, string>();

/** The whole findFirmList answer (`{ code, msg, data: { list, total, page, size } }`) as JSON text. */
export async function companyPageJson(
  db: Db,
  actor: Actor,
  filters: CompanyFilters,
  page: { page: number; size: number },
): Promise<string> {
  const rows = filteredCompanies(db, actor.groupId, await visibleOwners(db, actor), filters)
    .select([ROW_JSON.as('json'), 'c.id', sql<number>`count(*) OVER ()`.as('total')])
    .orderBy('c.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .compile();
  // As listCompanies: a page past the end has no row to count with, and says total 0.
  const text = `${CATALOGUES}, page AS (${rows.sql})
    SELECT coalesce(string_agg(json, ',' ORDER BY id DESC), '') AS list, coalesce(max(total), 0) AS total FROM page`;
  let name = statements.get(text);
  if (name === undefined && statements.size < 200) {
    name = `taxlens_firm_page_${statements.size}`;
    statements.set(text, name);
  }
  const values = rows.parameters as unknown[];
  const pool = poolOf(db);
  const result = pool
    ? (await pool.query<{ list: string; total: number }>({ name, text, values })).rows[0]
    : (await db.executeQuery<{ list: string; total: number }>(CompiledQuery.raw(text, values))).rows[0];
  return `{"code":0,"msg":"success","data":{"list":[${result?.list ?? ''}],"total":${result?.total ?? 0},"page":${page.page},"size":${page.size}}}`;
}
