import type { DbOrTx } from '../../db/kysely.js';
import { publishEvent } from '../../plugins/realtime.js';

/** The socket message the firm's responsible people get when a client acts through a 客户上传链接. */
export const CLIENT_UPLOAD_EVENT = 'CLIENT_UPLOAD';

/**
 * Tells the company's assignee and the link's creator (the firm's responsible users) that the
 * client filled in its company or uploaded a file: a pop-up with a way to the company's page.
 * Inside the caller's transaction it is delivered only at commit.
 */
export async function notifyClientUpload(
  db: DbOrTx,
  link: { id: number; group_id: number; created_by: number },
  companyId: number,
  what: { state: 'bound' | 'uploaded'; fileName?: string },
): Promise<void> {
  const company = await db
    .selectFrom('companies')
    .select(['taxpayer_name', 'assignee_id'])
    .where('id', '=', companyId)
    .where('group_id', '=', link.group_id)
    .executeTakeFirst();
  if (!company) return;
  const userIds = [
    ...new Set([Number(link.created_by), ...(company.assignee_id ? [Number(company.assignee_id)] : [])]),
  ];
  await publishEvent(
    db,
    { userIds },
    {
      msgType: CLIENT_UPLOAD_EVENT,
      shareId: Number(link.id),
      state: what.state,
      firmId: companyId,
      taxpayerName: company.taxpayer_name,
      fileName: what.fileName ?? null,
    },
  );
}
