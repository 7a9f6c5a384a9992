import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { RouteAccess } from '../../plugins/access.js';
import { DATA_SERVICE_MESSAGES, DATA_SERVICE_ON } from '../dataview/data-service.js';

/**
 * The map and company calls of the data view: the spec's monitoringAnalyze key (the
 * DataAnalysisMonitoring family; level 1 passes) and the group's data service
 * (serviceRights.dataPriceAuth = 1, the data-view module's rule and messages). Without the service
 * the web client shows the guide pages; the server refuses the data itself.
 */
export const DATA_VIEW_ACCESS: RouteAccess = { permission: 'monitoringAnalyze' };

/** Reads the right from the session row the access hook already loaded (no further query per map call). */
export async function dataServiceCheck(request: FastifyRequest): Promise<void> {
  const auth = request.session?.user.data_price_auth;
  if (auth === DATA_SERVICE_ON) return;
  throw new AppError('SERVICE_NOT_BOUGHT', auth === 2 ? DATA_SERVICE_MESSAGES[2] : DATA_SERVICE_MESSAGES[0]);
}
