import type { DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';

/** Spec §3 serviceRights.dataPriceAuth: 1 bought; 0 not bought; 2 expired or paused. */
export const DATA_SERVICE_ON = 1;
export const DATA_SERVICE_MESSAGES = {
  0: '未开通数据服务，请联系您的客户经理开通',
  2: '数据服务已到期，请联系您的客户经理续订',
} as const;

/**
 * Every data-view call (monitoring, analysis, map search) needs the group's data service, besides
 * its permission key: the client sends the user to a guide page, the server refuses the call.
 */
export async function requireDataService(db: DbOrTx, groupId: number): Promise<void> {
  const group = await db
    .selectFrom('groups')
    .select('data_price_auth')
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
  if (group.data_price_auth === DATA_SERVICE_ON) return;
  throw new AppError(
    'SERVICE_NOT_BOUGHT',
    group.data_price_auth === 2 ? DATA_SERVICE_MESSAGES[2] : DATA_SERVICE_MESSAGES[0],
  );
}
