import { reportCustomConfigSchema, reportCustomTypeSchema, saveReportCustomSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { configurableGroup, MAIN_ONLY } from './report-config.js';
import { findConfig, listConfigs, presentConfig, resetConfig, saveConfig } from './report-custom.service.js';

const tags = ['UserReportCustomConfig'];

/**
 * Spec §7 /api/UserReportCustomConfig/*: the group's customisation of each report kind. Part of
 * 报告配置, so the main account of a group with reportConfigPermission 1 only (as /watermark).
 */
export async function reportCustomRoutes(app: AppInstance) {
  app.get(
    '/api/UserReportCustomConfig/findList',
    {
      config: { access: MAIN_ONLY },
      schema: {
        tags,
        summary: '各报告类型的定制（章节、规则类别、封面标题、联系方式）',
        response: { 200: envelope(z.array(reportCustomConfigSchema)) },
      },
    },
    async (request) => {
      const { groupId } = await configurableGroup(app.db, request);
      return ok(await listConfigs(app.db, groupId));
    },
  );

  app.get(
    '/api/UserReportCustomConfig/findByType',
    {
      config: { access: MAIN_ONLY },
      schema: {
        tags,
        summary: '一种报告的定制',
        querystring: reportCustomTypeSchema,
        response: { 200: envelope(reportCustomConfigSchema) },
      },
    },
    async (request) => {
      const { groupId } = await configurableGroup(app.db, request);
      const { reportType } = request.query;
      return ok(presentConfig(reportType, await findConfig(app.db, groupId, reportType)));
    },
  );

  app.post(
    '/api/UserReportCustomConfig/save',
    {
      config: { access: MAIN_ONLY },
      schema: {
        tags,
        summary: '保存一种报告的定制',
        body: saveReportCustomSchema,
        response: { 200: envelope(reportCustomConfigSchema) },
      },
    },
    async (request) => {
      const { groupId } = await configurableGroup(app.db, request);
      // The body was validated by the route; the service parses again for its defaults.
      return ok(await saveConfig(app.db, groupId, sessionOf(request).userId, request.body), '保存成功');
    },
  );

  app.post(
    '/api/UserReportCustomConfig/reset',
    {
      config: { access: MAIN_ONLY },
      schema: {
        tags,
        summary: '恢复一种报告的默认设置',
        body: reportCustomTypeSchema,
        response: { 200: envelope(reportCustomConfigSchema) },
      },
    },
    async (request) => {
      const { groupId } = await configurableGroup(app.db, request);
      return ok(await resetConfig(app.db, groupId, sessionOf(request).userId, request.body.reportType), '已恢复默认');
    },
  );
}
