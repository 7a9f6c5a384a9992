import {
  type ClientAnalysisFilter,
  clientAnalysisFilterSchema,
  clientAnalysisSchema,
  REPORT_KINDS,
  type StaleClientQuery,
  staleClientPageSchema,
  staleClientQuerySchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { clientAnalysis, staffRows } from './client-analysis.repo.js';
import { analysisScope } from './client-analysis.scope.js';
import { STALE_EXPORT_LIMIT, staffXlsx, staleClients, staleClientsXlsx } from './client-analysis.stale.js';
import { requireDataService } from './data-service.js';

const tags = ['dataview'];
const base = '/api/DataAnalysisMonitoring';
const CLIENT = { permission: 'clientAnalyze' } as const;

/** The scope of the call, once the group's data service is confirmed (before the body is read). */
async function scopeOf(app: AppInstance, request: FastifyRequest, filter: ClientAnalysisFilter) {
  const actor = actorOf(sessionOf(request));
  await requireDataService(app.db, actor.groupId);
  return analysisScope(app.db, actor, filter);
}

const kindName = (reportType: string | null) =>
  reportType ? (REPORT_KINDS.find((kind) => kind.reportType === reportType)?.name ?? '') : '全部报告';

/** Client analysis of the data view (/data-view/user, spec §7 findReportRisk); needs clientAnalyze. */
export async function clientAnalysisRoutes(app: AppInstance) {
  app.post(
    `${base}/findReportRisk`,
    {
      config: { access: CLIENT },
      schema: {
        tags,
        summary: '客户分析：风险等级分布、按类型与月份的报告数、数据未更新客户、常见风险项、按员工统计',
        body: clientAnalysisFilterSchema.default({ staleDays: 90 }),
        response: { 200: envelope(clientAnalysisSchema) },
      },
    },
    async (request) => ok(await clientAnalysis(app.db, await scopeOf(app, request, request.body))),
  );

  app.post(
    `${base}/findStaleClients`,
    {
      config: { access: CLIENT },
      schema: {
        tags,
        summary: '数据未更新的客户（最近一次导入早于 N 天或从未导入），分页',
        body: staleClientQuerySchema.default({ staleDays: 90, page: 1, size: 10 }),
        response: { 200: envelope(staleClientPageSchema) },
      },
    },
    async (request) => {
      const { page, size, keyword, ...filter } = request.body as StaleClientQuery;
      const scope = await scopeOf(app, request, filter);
      return ok(await staleClients(app.db, scope, { page, size, keyword: keyword || undefined }));
    },
  );

  app.post(
    `${base}/exportStaleClients`,
    {
      config: { access: CLIENT },
      schema: {
        tags,
        summary: '导出数据未更新的客户（Excel）',
        body: staleClientQuerySchema.default({ staleDays: 90, page: 1, size: 10 }),
      },
    },
    async (request, reply) => {
      const { keyword, page: _page, size: _size, ...filter } = request.body as StaleClientQuery;
      const scope = await scopeOf(app, request, filter);
      const { list, total } = await staleClients(app.db, scope, {
        page: 1,
        size: STALE_EXPORT_LIMIT,
        keyword: keyword || undefined,
      });
      if (total === 0) throw new AppError('VALIDATION', `没有超过${scope.staleDays}天未更新数据的客户，无需导出`);
      if (total > STALE_EXPORT_LIMIT) {
        throw new AppError(
          'VALIDATION',
          `共 ${total} 家，超过 ${STALE_EXPORT_LIMIT} 家，请按负责人或关键词缩小范围后导出`,
        );
      }
      const day = new Date().toISOString().slice(0, 10);
      return sendXlsx(
        reply,
        `数据未更新客户_${scope.staleDays}天_${day}.xlsx`,
        await staleClientsXlsx(list, scope.staleDays),
      );
    },
  );

  app.post(
    `${base}/exportStaffReport`,
    {
      config: { access: CLIENT },
      schema: { tags, summary: '导出按员工统计（Excel）', body: clientAnalysisFilterSchema.default({ staleDays: 90 }) },
    },
    async (request, reply) => {
      const scope = await scopeOf(app, request, request.body);
      const rows = await staffRows(app.db, scope);
      if (rows.length === 0) throw new AppError('VALIDATION', '暂无客户，无需导出');
      const name = `按员工统计_${kindName(scope.reportType)}_${scope.from}至${scope.to}.xlsx`;
      return sendXlsx(reply, name, await staffXlsx(rows));
    },
  );
}
