import { type DataPriceMessage, hasPermission } from '@taxlens/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionContext } from '../modules/auth/session.service.js';
import { DATA_SERVICE_ON } from '../modules/dataview/data-service.js';
import { dataPriceMessage } from '../modules/dataview/monitoring-push.js';

/**
 * Spec §4 DATAPRICE: 5 s after the socket opens the client asks (dataPriceAuth 1, level 1 or
 * monitoringAnalyze); the answer is the monitoring summary of notification state 3. Nothing is
 * sent when the group has no data service, the user lacks the right, or nothing is unread.
 */
export async function answerDataPrice(app: FastifyInstance, session: SessionContext): Promise<DataPriceMessage | null> {
  if (session.groupId === null || !hasPermission(session, 'monitoringAnalyze')) return null;
  const group = await app.db
    .selectFrom('groups')
    .select('data_price_auth')
    .where('id', '=', session.groupId)
    .executeTakeFirst();
  if (group?.data_price_auth !== DATA_SERVICE_ON) return null;
  return dataPriceMessage(app.db, session.groupId);
}
