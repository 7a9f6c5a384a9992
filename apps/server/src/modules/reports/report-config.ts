import type { FastifyRequest } from 'fastify';
import { sql, type Updateable } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import type { GroupsTable } from '../../db/tables/accounts.js';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/storage.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';

/** The /watermark 报告配置 routes: the main account only. */
export const MAIN_ONLY = { permission: null, levels: [1] } as const;

/** A new watermark or logo changes every PDF of the group: cached files are printed again on next export. */
const forgetPdfs = (db: DbOrTx, groupId: number) =>
  db.updateTable('reports').set({ pdf_generated_at: null }).where('group_id', '=', groupId).execute();

/** The caller's group with its report settings; /watermark is open only when reportConfigPermission is 1 (spec §6). */
export async function configurableGroup(db: DbOrTx, request: FastifyRequest) {
  const { groupId } = actorOf(sessionOf(request));
  const group = await db
    .selectFrom('groups')
    .select(['report_config_permission', 'watermark_text', 'watermark_switch', 'watermark_object'])
    .select(['watermark_image_key', 'logo_url'])
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
  if (group.report_config_permission !== 1) throw new AppError('FORBIDDEN');
  return { groupId, group };
}

/**
 * Changes the group's report settings and forgets its cached PDFs in one transaction; a file the
 * change replaced (an old watermark image or logo) is removed only once the change is recorded.
 */
export async function updateReportSettings(
  db: Db,
  storage: FileStorage,
  groupId: number,
  values: Updateable<GroupsTable>,
  replacedFile: string | null = null,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('groups')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', groupId)
      .execute();
    await forgetPdfs(tx, groupId);
  });
  if (replacedFile) await storage.delete(replacedFile);
}
