import { sql, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import type { ImportsTable } from '../../db/tables/imports.js';

export function importsWithCreator(db: DbOrTx) {
  return db
    .selectFrom('imports as i')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .selectAll('i')
    .select(['u.nick_name as creator_name', 'u.phone as creator_phone']);
}

export type ImportRow = NonNullable<Awaited<ReturnType<typeof findImport>>>;

export function findImport(db: DbOrTx, groupId: number, importId: number) {
  return importsWithCreator(db).where('i.group_id', '=', groupId).where('i.id', '=', importId).executeTakeFirst();
}

/** For the worker, which acts on the job's own id. */
export function findImportById(db: DbOrTx, importId: number) {
  return importsWithCreator(db).where('i.id', '=', importId).executeTakeFirst();
}

export async function listImports(
  db: DbOrTx,
  groupId: number,
  companyId: number,
  page: { page: number; size: number },
  kind?: ImportsTable['kind'],
  /** Only imports that succeeded (the data card names the data actually in use). */
  doneOnly = false,
) {
  let query = importsWithCreator(db)
    .select(sql<number>`count(*) over ()`.as('total'))
    .where('i.group_id', '=', groupId)
    .where('i.company_id', '=', companyId);
  if (kind) query = query.where('i.kind', '=', kind);
  if (doneOnly) query = query.where('i.status', '=', 'done');
  const rows = await query
    .orderBy('i.id', 'desc')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export async function updateImport(db: DbOrTx, importId: number, values: Updateable<ImportsTable>): Promise<void> {
  await db.updateTable('imports').set(values).where('id', '=', importId).execute();
}
