import {
  firmReportQuerySchema,
  firmReportSchema,
  pageSchema,
  reportStatisticsSchema,
  riskStatisticsQuerySchema,
  riskStatisticsSchema,
  statsQuerySchema,
  userReportNumSchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { MY_PAGES } from './billing.policy.js';
import { monthlyReports, reportStatistics, reportsByFirm, reportsByUser } from './stats.service.js';

const actor = (request: FastifyRequest) => actorOf(sessionOf(request));

/**
 * Report statistics from the charges (one per paid report): scope is the group for the main
 * account, the team for a supervisor, oneself for staff. Empty until reports are charged.
 */
export async function statsRoutes(app: AppInstance) {
  app.get(
    '/api/UserAssets/reportStatistics',
    {
      config: { access: MY_PAGES },
      schema: {
        tags: ['UserAssets'],
        summary: '各类报告生成数量及支付方式（次数/余额）',
        querystring: statsQuerySchema,
        response: { 200: envelope(reportStatisticsSchema) },
      },
    },
    async (request) => ok(await reportStatistics(app.db, actor(request), request.query)),
  );

  app.get(
    '/api/UserAssets/reportDetailByFirmName',
    {
      config: { access: MY_PAGES },
      schema: {
        tags: ['UserAssets'],
        summary: '按企业统计报告数量',
        querystring: firmReportQuerySchema,
        response: { 200: envelope(pageSchema(firmReportSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...query } = request.query;
      return ok(await reportsByFirm(app.db, actor(request), query, { page, size }));
    },
  );

  app.get(
    '/api/UserFlow/getReportNumByUserId',
    {
      config: { access: MY_PAGES },
      schema: {
        tags: ['UserFlow'],
        summary: '按账号统计报告数量',
        querystring: statsQuerySchema,
        response: { 200: envelope(z.array(userReportNumSchema)) },
      },
    },
    async (request) => ok(await reportsByUser(app.db, actor(request), request.query)),
  );

  app.get(
    '/api/UserAssets/riskStatistics',
    {
      config: { access: MY_PAGES },
      schema: {
        tags: ['UserAssets'],
        summary: '近几个月各类报告数量（趋势）',
        querystring: riskStatisticsQuerySchema,
        response: { 200: envelope(riskStatisticsSchema) },
      },
    },
    async (request) => ok(await monthlyReports(app.db, actor(request), request.query)),
  );
}
