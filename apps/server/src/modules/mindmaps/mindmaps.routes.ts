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
import { sendPng, sendSvg, sendXmind } from '../../lib/send-file.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { renderMindPng } from './mind-png.js';
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

  const SUMMARIES = { xmind: '导出 .xmind 文件', svg: '导出 SVG（整张图）', png: '导出 PNG（整张图，全分辨率）' };
  const exportRoute = (format: 'xmind' | 'svg' | 'png') =>
    app.get(
      `${base}/export${format === 'xmind' ? 'Xmind' : format === 'svg' ? 'Svg' : 'Png'}`,
      { config: { access: MIND }, schema: { tags, summary: SUMMARIES[format], querystring: idQuery } },
      async (request, reply) => {
        const map = await requireMindMap(app.db, actorOf(sessionOf(request)), request.query.id);
        const name = `${map.company_name}-思维导图`;
        if (format === 'svg') return sendSvg(reply, `${name}.svg`, renderMindSvg(map.tree, map.template));
        if (format === 'png') return sendPng(reply, `${name}.png`, (await renderMindPng(map.tree, map.template)).png);
        return sendXmind(reply, `${name}.xmind`, await writeXmind(map.tree, map.template));
      },
    );
  exportRoute('xmind');
  exportRoute('svg');
  exportRoute('png');
}
