import {
  industryFollowSchema,
  industryOptionSchema,
  industryQuerySchema,
  industryRankingSchema,
  industryTrendQuerySchema,
  industryTrendSchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { requireDataService } from './data-service.js';
import {
  followIndustry,
  industryOptions,
  industryRanking,
  industryTrend,
  unfollowIndustry,
} from './industry.service.js';
import { industryRankingXlsx } from './industry-export.js';

const tags = ['dataview'];
const base = '/api/DataAnalysisMonitoring';
const INDUSTRY = { permission: 'industryAnalyze' } as const;
const followedAnswer = envelope(z.object({ followed: z.array(z.string()) }));

/** The signed-in actor, once the group's data service is confirmed (spec §6). */
async function industryActor(app: AppInstance, request: FastifyRequest) {
  const actor = actorOf(sessionOf(request));
  await requireDataService(app.db, actor.groupId);
  return actor;
}

/** Industry insight of spec §7 (/api/DataAnalysisMonitoring, POST form or JSON); needs industryAnalyze. */
export async function industryRoutes(app: AppInstance) {
  app.post(
    `${base}/findIndustryAll`,
    {
      config: { access: INDUSTRY },
      schema: {
        tags,
        summary: '行业门类（GB/T 4754）：本人可见客户数与是否关注',
        response: { 200: envelope(z.array(industryOptionSchema)) },
      },
    },
    async (request) => ok(await industryOptions(app.db, await industryActor(app, request))),
  );

  app.post(
    `${base}/increaseIndustry`,
    {
      config: { access: INDUSTRY },
      schema: { tags, summary: '关注行业', body: industryFollowSchema, response: { 200: followedAnswer } },
    },
    async (request) => {
      const actor = await industryActor(app, request);
      return ok(await followIndustry(app.db, actor, request.body.industryCode), '已关注该行业');
    },
  );

  app.post(
    `${base}/decreaseIndustry`,
    {
      config: { access: INDUSTRY },
      schema: { tags, summary: '取消关注行业', body: industryFollowSchema, response: { 200: followedAnswer } },
    },
    async (request) => {
      const actor = await industryActor(app, request);
      return ok(await unfollowIndustry(app.db, actor, request.body.industryCode), '已取消关注');
    },
  );

  app.post(
    `${base}/findIndustryRiskRanking`,
    {
      config: { access: INDUSTRY },
      schema: {
        tags,
        summary: '行业风险排行：客户数、风险等级占比、平均风险项、高频风险项与平台基准',
        body: industryQuerySchema.default({ months: 12 }),
        response: { 200: envelope(industryRankingSchema) },
      },
    },
    async (request) => ok(await industryRanking(app.db, await industryActor(app, request), request.body)),
  );

  app.post(
    `${base}/findIndustryTrend`,
    {
      config: { access: INDUSTRY },
      schema: {
        tags,
        summary: '行业风险按月趋势（本机构与平台基准）',
        body: industryTrendQuerySchema.default({ months: 12 }),
        response: { 200: envelope(industryTrendSchema) },
      },
    },
    async (request) => ok(await industryTrend(app.db, await industryActor(app, request), request.body)),
  );

  app.post(
    `${base}/exportIndustryRiskRanking`,
    {
      config: { access: INDUSTRY },
      schema: { tags, summary: '导出行业风险排行（Excel）', body: industryQuerySchema.default({ months: 12 }) },
    },
    async (request, reply) => {
      const ranking = await industryRanking(app.db, await industryActor(app, request), request.body);
      return sendXlsx(reply, `行业风险排行_近${ranking.months}个月.xlsx`, await industryRankingXlsx(ranking));
    },
  );
}
