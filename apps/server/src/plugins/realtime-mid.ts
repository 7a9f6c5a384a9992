import { hasPermission } from '@taxlens/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionContext } from '../modules/auth/session.service.js';
import { reportsWithoutMap } from '../modules/mindmaps/mindmaps.service.js';

/**
 * Spec §4 MID: after the client's 5-minute reminder, the user (level 1 or with mindMap) hears how
 * many finished reports have no mind map yet (notification state 4). Nothing is sent when there are
 * none, or when the group has no mind-map service.
 */
export async function answerMindReminder(
  app: FastifyInstance,
  session: SessionContext,
): Promise<{ msgType: 'MID'; state: 4; mindNum: number } | null> {
  if (session.groupId === null || !hasPermission(session, 'mindMap')) return null;
  const group = await app.db
    .selectFrom('groups')
    .select('mind_price_auth')
    .where('id', '=', session.groupId)
    .executeTakeFirst();
  if (!group?.mind_price_auth) return null;
  const actor = { userId: session.userId, groupId: session.groupId, level: session.level, notMenus: session.notMenus };
  const mindNum = await reportsWithoutMap(app.db, actor).catch(() => 0);
  return mindNum > 0 ? { msgType: 'MID', state: 4, mindNum } : null;
}
