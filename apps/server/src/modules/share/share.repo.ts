import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

function linksWithCompany(db: DbOrTx) {
  return db
    .selectFrom('share_links as s')
    .leftJoin('companies as c', 'c.id', 's.company_id')
    .leftJoin('groups as g', 'g.id', 's.group_id')
    .selectAll('s')
    .select([
      'c.taxpayer_name',
      'c.tax_no',
      'g.name as group_name',
      sql<boolean>`s.expires_at < now()`.as('expired'),
      // Files accepted in the link's life: the count its upload cap holds to.
      sql<number>`s.upload_count`.as('uploads'),
    ]);
}

export type ShareLinkRow = NonNullable<Awaited<ReturnType<typeof findLinkByToken>>>;

export function findLinkByToken(db: DbOrTx, token: string) {
  return linksWithCompany(db).where('s.token', '=', token).executeTakeFirst();
}

export function findLink(db: DbOrTx, groupId: number, shareId: number) {
  return linksWithCompany(db).where('s.group_id', '=', groupId).where('s.id', '=', shareId).executeTakeFirst();
}

export async function listLinks(
  db: DbOrTx,
  groupId: number,
  filters: { companyId?: number; createdBy?: number[] },
  page: { page: number; size: number },
) {
  let query = linksWithCompany(db).where('s.group_id', '=', groupId);
  if (filters.companyId) query = query.where('s.company_id', '=', filters.companyId);
  if (filters.createdBy) query = query.where('s.created_by', 'in', filters.createdBy);
  const rows = await query
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy('s.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}
