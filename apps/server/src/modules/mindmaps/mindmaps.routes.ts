import {
  MIND_TEMPLATES,
  mindMapItemSchema,
  mindNodeSchema,
  mindTemplateIdSchema,
  pageQuerySchema,
  pageSchema,
} from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sendPdf, sendPng, sendSvg, sendXmind } from '../../lib/send-file.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { renderMindPdf } from './mind-pdf.js';
import { renderMindPng } from './mind-png.js';
import { reportsForMaps } from './mind-reports.js';
import { renderMindSvg } from './mind-svg.js';
import {
  createMindMaps,
  deleteMindMap,
  listMindMaps,
  MIND_BATCH_LIMIT,
  reportsWithoutMap,
  requireMindMap,
} from './mindmaps.service.js';
import { writeXmind } from './xmind.js';

const tags = ['mindmaps'];
const base = '/api/People';
const MIND = { permission: 'mindMap' } as const;
const idQuery = z.object({ id: z.coerce.number().int().positive() });

/** Report mind maps (spec §7 People calls, issue 16); the permission mindMap guards every one. */
export async function mindMapsRoutes(app: AppInstance) {
  app.post(
    `${base}/createXmindOrImgBatids`,
    {
      config: { access: MIND },
      schema: {
        tags,
        summary: `批量生成报告思维导图（一次最多 ${MIND_BATCH_LIMIT} 份）`,
        body: z.object({
          ids: z.array(z.number().int().positive()).min(1, '请选择报告'),
          template: mindTemplateIdSchema.default('business'),
        }),
        response: { 200: envelope(z.object({ created: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      return ok(await createMindMaps(app.db, actor, request.body.ids, request.body.template), '思维导图已生成');
    },
  );

  app.get(
    `${base}/createXmindOrImgBatidslimitation`,
    {
      config: { access: MIND },
      schema: {
        tags,
        summary: '批量生成的上限与尚未生成导图的报告数',
        response: { 200: envelope(z.object({ limit: z.number().int(), mindNum: z.number().int() })) },
      },
    },
    async (request) =>
      ok({ limit: MIND_BATCH_LIMIT, mindNum: await reportsWithoutMap(app.db, actorOf(sessionOf(request))) }),
  );

  app.get(
    `${base}/xmindList`,
    {
      config: { access: MIND },
      schema: {
        tags,
        summary: '思维导图列表',
        querystring: pageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() }),
        response: { 200: envelope(pageSchema(mindMapItemSchema)) },
      },
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      return ok(await listMindMaps(app.db, actorOf(sessionOf(request)), { page, size }, keyword || undefined));
    },
  );

  app.post(
    `${base}/deleteXmind`,
    {
      config: { access: MIND },
      schema: { tags, summary: '删除思维导图', body: idQuery, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await deleteMindMap(app.db, actorOf(sessionOf(request)), request.body.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    `${base}/getXmindTemplateMultifile`,
    {
      config: { access: MIND },
      schema: {
        tags,
        summary: '思维导图模板',
        response: { 200: envelope(z.array(z.object({ id: z.string(), name: z.string(), line: z.string() }))) },
      },
    },
    async () => ok(MIND_TEMPLATES.map(({ id, name, line }) => ({ id, name, line }))),
  );

  app.get(
    `${base}/xmindTree`,
    {
      config: { access: MIND },
      schema: {
        tags,
        summary: '思维导图的树（应用内查看）',
        querystring: idQuery,
        response: {
          200: envelope(z.object({ id: z.number().int(), template: mindTemplateIdSchema, tree: mindNodeSchema })),
        },
      },
    },
    async (request) => {
      const map = await requireMindMap(app.db, actorOf(sessionOf(request)), request.query.id);
      return ok({ id: map.id, template: map.template as 'business', tree: map.tree });
    },
  );

  app.get(
    '/api/BusinessPanoramicReport/shyInfoListxmind',
    {
      config: { access: MIND },
      schema: {
        tags,
        summary: '可生成思维导图的已完成报告（默认综合税务风险报告）及其导图状态',
        querystring: pageQuerySchema.extend({
          reportType: z
            .enum(['INVOICE', 'TAX', 'COMPREHENSIVE', 'PANORAMIC', 'BUSINESS_INFO', 'DUE_DILIGENCE'])
            .default('COMPREHENSIVE'),
          withoutMap: z.enum(['0', '1']).optional(),
        }),
        response: {
          200: envelope(
            pageSchema(
              z.object({
                reportId: z.number().int(),
                reportName: z.string(),
                taxpayerName: z.string(),
                periodStart: z.string(),
                periodEnd: z.string(),
                finishedAt: z.string().nullable(),
                mindMapId: z.number().int().nullable(),
                nodeCount: z.number().int().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const { page, size, reportType, withoutMap } = request.query;
      const actor = actorOf(sessionOf(request));
      return ok(await reportsForMaps(app.db, actor, { reportType, withoutMap: withoutMap === '1' }, { page, size }));
    },
  );

  const SUMMARIES = {
    xmind: '导出 .xmind 文件',
    svg: '导出 SVG（整张图）',
    png: '导出 PNG（整张图，全分辨率）',
    pdf: '导出 PDF（整张图，矢量，单页）',
  };
  const ROUTE_NAMES = { xmind: 'Xmind', svg: 'Svg', png: 'Png', pdf: 'Pdf' } as const;
  const exportRoute = (format: keyof typeof ROUTE_NAMES) =>
    app.get(
      `${base}/export${ROUTE_NAMES[format]}`,
      { config: { access: MIND }, schema: { tags, summary: SUMMARIES[format], querystring: idQuery } },
      async (request, reply) => {
        const map = await requireMindMap(app.db, actorOf(sessionOf(request)), request.query.id);
        const name = `${map.company_name}-思维导图`;
        if (format === 'svg') return sendSvg(reply, `${name}.svg`, renderMindSvg(map.tree, map.template));
        if (format === 'png') return sendPng(reply, `${name}.png`, (await renderMindPng(map.tree, map.template)).png);
        if (format === 'pdf') return sendPdf(reply, `${name}.pdf`, (await renderMindPdf(map.tree, map.template)).pdf);
        return sendXmind(reply, `${name}.xmind`, await writeXmind(map.tree, map.template));
      },
    );
  exportRoute('xmind');
  exportRoute('svg');
  exportRoute('png');
  exportRoute('pdf');
}
