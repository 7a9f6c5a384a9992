import {
  joinMonitoringSchema,
  monitoredCompanySchema,
  monitoringEventSchema,
  monitoringNumSchema,
  monitoringRecordQuerySchema,
  monitorKindSchema,
  pageSchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { requireDataService } from './data-service.js';
import {
  joinMonitoring,
  joinState,
  listMonitoring,
  monitoringNum,
  removeMonitoring,
  setDataSwitch,
} from './monitoring.service.js';
import { listMonitoringRecords, readMonitoringRecords } from './monitoring-records.js';
import { checkMonitored } from './monitoring-run.js';

const tags = ['dataview'];
const base = '/api/DataAnalysisMonitoring';
const MONITOR = { permission: 'monitoringAnalyze' } as const;
const ids = z.array(z.coerce.number().int().positive()).min(1, '请选择企业').max(200);
const flag = z.preprocess((value) => value === true || value === 1 || value === '1' || value === 'true', z.boolean());

/** The signed-in actor, once the group's data service is confirmed (spec §6). */
async function monitorActor(app: AppInstance, request: FastifyRequest) {
  const actor = actorOf(sessionOf(request));
  await requireDataService(app.db, actor.groupId);
  return actor;
}

/** Monitoring of spec §7 (/api/DataAnalysisMonitoring, POST form or JSON); needs monitoringAnalyze. */
export async function monitoringRoutes(app: AppInstance) {
  app.post(
    `${base}/findMonitoringList`,
    {
      config: { access: MONITOR },
      schema: {
        tags,
        summary: '监控企业列表',
        body: z
          .object({
            page: z.coerce.number().int().min(1).default(1),
            size: z.coerce.number().int().min(1).max(200).default(20),
            keyword: z.string().trim().max(60).optional(),
          })
          .default({ page: 1, size: 20 }),
        response: { 200: envelope(pageSchema(monitoredCompanySchema)) },
      },
    },
    async (request) => {
      const actor = await monitorActor(app, request);
      const { page, size, keyword } = request.body;
      return ok(await listMonitoring(app.db, actor.groupId, { page, size, keyword: keyword || undefined }));
    },
  );

  app.post(
    `${base}/joinMonitoringList`,
    {
      config: { access: MONITOR },
      schema: {
        tags,
        summary: '加入监控（不超过机构的监控名额）',
        body: joinMonitoringSchema,
        response: { 200: envelope(z.object({ added: z.number().int(), skipped: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = await monitorActor(app, request);
      const result = await joinMonitoring(app.db, actor, request.body.creditCodes);
      return ok(result, result.added > 0 ? `已加入监控 ${result.added} 家企业` : '所选企业已在监控中');
    },
  );

  app.post(
    `${base}/deleteMonitoring`,
    {
      config: { access: MONITOR },
      schema: {
        tags,
        summary: '移出监控（记录保留）',
        body: z.object({ ids }),
        response: { 200: envelope(z.object({ removed: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = await monitorActor(app, request);
      return ok(await removeMonitoring(app.db, actor, request.body.ids), '已移出监控');
    },
  );

  const numRoute = (name: string, summary: string) =>
    app.get(
      `${base}/${name}`,
      { config: { access: MONITOR }, schema: { tags, summary, response: { 200: envelope(monitoringNumSchema) } } },
      async (request) => ok(await monitoringNum(app.db, (await monitorActor(app, request)).groupId)),
    );
  numRoute('findMonitoringNum', '监控名额：总数、已用与可用（canUseMonitorNumber）');
  numRoute('findJoinMonitoringNum', '已加入监控的企业数与可用名额');

  app.post(
    `${base}/findJoinMonitoringState`,
    {
      config: { access: MONITOR },
      schema: {
        tags,
        summary: '这些企业是否已在监控中',
        body: joinMonitoringSchema,
        response: {
          200: envelope(
            z.array(z.object({ creditCode: z.string(), joined: z.boolean(), id: z.number().int().nullable() })),
          ),
        },
      },
    },
    async (request) => {
      const actor = await monitorActor(app, request);
      return ok(await joinState(app.db, actor.groupId, request.body.creditCodes));
    },
  );

  app.post(
    `${base}/setUpDataSwitch`,
    {
      config: { access: MONITOR },
      schema: {
        tags,
        summary: '监控数据类型开关',
        body: z.object({ id: z.coerce.number().int().positive(), kind: monitorKindSchema, enabled: flag }),
        response: { 200: envelope(z.object({ id: z.number().int(), switches: z.array(monitorKindSchema) })) },
      },
    },
    async (request) => {
      const actor = await monitorActor(app, request);
      const { id, kind, enabled } = request.body;
      return ok(await setDataSwitch(app.db, actor, id, kind, enabled), '设置成功');
    },
  );

  app.post(
    `${base}/findMonitoringRecord`,
    {
      config: { access: MONITOR },
      schema: {
        tags,
        summary: '监控记录（风险事件），可按类型、企业、日期、未读筛选',
        body: monitoringRecordQuerySchema.default({ page: 1, size: 20 }),
        response: {
          200: envelope(
            pageSchema(monitoringEventSchema).extend({
              byKind: z.array(z.object({ kind: monitorKindSchema, label: z.string(), count: z.number().int() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const actor = await monitorActor(app, request);
      return ok(await listMonitoringRecords(app.db, actor.groupId, request.body));
    },
  );

  app.post(
    `${base}/readMonitoringRecord`,
    {
      config: { access: MONITOR },
      schema: {
        tags,
        summary: '标记监控记录为已读（不传 ids 则全部）',
        body: z.object({ ids: ids.optional() }).default({}),
        response: { 200: envelope(z.object({ read: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = await monitorActor(app, request);
      return ok(await readMonitoringRecords(app.db, actor.groupId, request.body.ids));
    },
  );

  app.post(
    `${base}/refreshMonitoring`,
    {
      // Each check asks the provider (a paid call with the commercial one): a few per minute.
      config: { access: MONITOR, rateLimit: { max: 3, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '立即检查本机构的监控企业',
        response: {
          200: envelope(z.object({ checked: z.number().int(), events: z.number().int(), failed: z.number().int() })),
        },
      },
    },
    async (request) => {
      const actor = await monitorActor(app, request);
      const rows = await app.db
        .selectFrom('monitored_companies')
        .select('id')
        .where('group_id', '=', actor.groupId)
        .where('removed_at', 'is', null)
        .execute();
      const result = await checkMonitored(app.db, { ids: rows.map((row) => Number(row.id)), push: true });
      return ok({ checked: result.checked, events: result.events, failed: result.failed });
    },
  );
}
