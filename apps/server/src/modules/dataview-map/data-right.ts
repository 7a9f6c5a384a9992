import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { RouteAccess } from '../../plugins/access.js';

/**
 * The data-view calls: the spec's monitoringAnalyze key (the DataAnalysisMonitoring family; level 1
 * passes) and the group's bought data right (serviceRights.dataPriceAuth = 1). Without the right the
 * web client shows the guide pages (0 → /guide-page/data-view, 2 → /guide-page/data-view2); the
 * server refuses the data itself, so a hand-made call gets nothing either.
 */
export const DATA_VIEW_ACCESS: RouteAccess = { permission: 'monitoringAnalyze' };
/** Data-view calls every group member with the right may make (company look-ups, the product page). */
export const DATA_VIEW_ANY_MEMBER: RouteAccess = { permission: null };

export const NO_DATA_RIGHT_MESSAGE = '未开通数据服务，请购买后使用';

export async function requireDataRight(request: FastifyRequest): Promise<void> {
  if (request.session?.user.data_price_auth !== 1) throw new AppError('FORBIDDEN', NO_DATA_RIGHT_MESSAGE);
}
