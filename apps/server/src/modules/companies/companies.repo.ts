import type { Insertable, Updateable } from 'kysely';
import { type ExpressionBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import type { Database } from '../../db/schema.js';
import type { CompaniesTable } from '../../db/tables/companies.js';

export interface CompanyFilters {
  keyword?: string;
  /** The spec's name for keyword. */
  taxpayerName?: string;
  regionCode?: string;
  industryCode?: string;
  taxpayerType?: 'general' | 'small_scale';
  assigneeId?: number;
}

/**
 * Visibility through the assignee; the creator keeps an unassigned company only, so a company
 * reassigned to someone else leaves the creator's list (DESIGN §4: staff see what is assigned to them).
 */
export function ownedBy(owners: number[] | null) {
  return (eb: ExpressionBuilder<Database & { c: CompaniesTable }, 'c'>) =>
    owners === null
      ? eb.val(true)
      : eb.or([
          eb('c.assignee_id', 'in', owners),
          eb.and([eb('c.assignee_id', 'is', null), eb('c.created_by', 'in', owners)]),
        ]);
}

function baseQuery(db: DbOrTx, groupId: number, owners: number[] | null) {
  return db
    .selectFrom('companies as c')
    .leftJoin('users as a', 'a.id', 'c.assignee_id')
    .selectAll('c')
    .select(['a.nick_name as assignee_name', 'a.phone as assignee_phone'])
    .where('c.group_id', '=', groupId)
    .where(ownedBy(owners));
}

export type CompanyRow = NonNullable<Awaited<ReturnType<typeof findCompany>>>;

/** A company of the group the actor may see, or undefined (answered as 404). */
export function findCompany(db: DbOrTx, groupId: number, owners: number[] | null, companyId: number) {
  return baseQuery(db, groupId, owners).where('c.id', '=', companyId).executeTakeFirst();
}

/** The companies of a group the owners see, narrowed by the list filters; nothing selected yet. */
export function filteredCompanies(db: DbOrTx, groupId: number, owners: number[] | null, filters: CompanyFilters) {
  let query = db
    .selectFrom('companies as c')
    .leftJoin('users as a', 'a.id', 'c.assignee_id')
    .where('c.group_id', '=', groupId)
    .where(ownedBy(owners));
  const keyword = filters.keyword || filters.taxpayerName;
  if (keyword) {
    const like = `%${keyword.replace(/[%_\\]/g, '\\$&')}%`;
    query = query.where((eb) =>
      eb.or([eb('c.taxpayer_name', 'like', like), eb('c.tax_no', 'like', like.toUpperCase())]),
    );
  }
  if (filters.regionCode) query = query.where('c.region_code', 'like', `${filters.regionCode}%`);
  if (filters.industryCode) query = query.where('c.industry_code', '=', filters.industryCode);
  if (filters.taxpayerType) query = query.where('c.taxpayer_type', '=', filters.taxpayerType);
  if (filters.assigneeId) query = query.where('c.assignee_id', '=', filters.assigneeId);
  return query;
}

export async function listCompanies(
  db: DbOrTx,
  groupId: number,
  owners: number[] | null,
  filters: CompanyFilters,
  page: { page: number; size: number } | null,
) {
  let paged = filteredCompanies(db, groupId, owners, filters)
    .selectAll('c')
    .select(['a.nick_name as assignee_name', 'a.phone as assignee_phone'])
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy('c.id', 'desc');
  if (page) paged = paged.limit(page.size).offset((page.page - 1) * page.size);
  const rows = await paged.execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export function findByTaxNo(db: DbOrTx, groupId: number, taxNo: string) {
  return db
    .selectFrom('companies')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('tax_no', '=', taxNo)
    .executeTakeFirst();
}

export async function insertCompany(db: DbOrTx, values: Insertable<CompaniesTable>): Promise<number> {
  const row = await db.insertInto('companies').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCompany(
  db: DbOrTx,
  groupId: number,
  companyId: number,
  values: Updateable<CompaniesTable>,
) {
  await db
    .updateTable('companies')
    .set({ ...values, updated_at: sql`now()` })
    .where('group_id', '=', groupId)
    .where('id', '=', companyId)
    .execute();
}

export async function deleteCompany(db: DbOrTx, groupId: number, companyId: number) {
  await db.deleteFrom('companies').where('group_id', '=', groupId).where('id', '=', companyId).execute();
}
