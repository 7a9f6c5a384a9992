import { NOTICE_TYPES } from '@taxlens/shared';
import type { DbOrTx } from '../../db/kysely.js';
import { publishEvent } from '../../plugins/realtime.js';
import { storeNotice } from '../notifications/notifications.repo.js';

/** The socket message the firm's responsible people get when a client acts through a 客户上传链接. */
export const CLIENT_UPLOAD_EVENT = NOTICE_TYPES.clientUpload;

/**
 * Tells the company's assignee and the link's creator (the firm's responsible users) that the
 * client filled in its company or uploaded a file: a pop-up with a way to the company's page.
 * The news is also stored in each one's header list. Inside the caller's transaction both happen
 * only at commit.
 */
export async function notifyClientUpload(
  db: DbOrTx,
  link: { id: number; group_id: number; created_by: number },
  companyId: number,
  what: { state: 'bound' | 'uploaded'; fileName?: string },
): Promise<void> {
  const company = await db
    .selectFrom('companies')
    .select(['taxpayer_name', 'tax_no', 'assignee_id'])
    .where('id', '=', companyId)
    .where('group_id', '=', link.group_id)
    .executeTakeFirst();
  if (!company) return;
  const userIds = [
    ...new Set([Number(link.created_by), ...(company.assignee_id ? [Number(company.assignee_id)] : [])]),
  ];
  await storeNotice(db, { groupId: link.group_id, userIds }, CLIENT_UPLOAD_EVENT, {
    id: companyId,
    taxNo: company.tax_no,
    taxpayerName: company.taxpayer_name,
    firmId: companyId,
    status: what.state,
    fileName: what.fileName ?? null,
  });
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
