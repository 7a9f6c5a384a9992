import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/kysely.js';
import type { RouteAccess } from '../../plugins/access.js';
import { requireDataService } from '../dataview/data-service.js';

/**
 * The map and company calls of the data view: the spec's monitoringAnalyze key (the
 * DataAnalysisMonitoring family; level 1 passes) and the group's data service
 * (serviceRights.dataPriceAuth = 1, checked by the data-view module). Without the service the web
 * client shows the guide pages; the server refuses the data itself, so a hand-made call gets nothing.
 */
export const DATA_VIEW_ACCESS: RouteAccess = { permission: 'monitoringAnalyze' };

export const dataServiceCheck = (db: Db) => async (request: FastifyRequest) => {
  if (request.session?.groupId) await requireDataService(db, request.session.groupId);
};
