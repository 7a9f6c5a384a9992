import { ruleCatalogue } from '@taxlens/engine';
import {
  annotateSchema,
  createReportSchema,
  pageSchema,
  reportDetailSchema,
  reportIdSchema,
  reportItemSchema,
  reportListQuerySchema,
  reportStateSchema,
  ruleCatalogueItemSchema,
} from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sendPdf, sendXlsx } from '../../lib/send-file.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { coverOfUser, defaultCover, requireCover } from './covers.service.js';
import { printedEvidenceRows } from './finding-invoices.service.js';
import { reportPdf, verifyPrintToken } from './pdf.service.js';
import { reportDetail } from './report-detail.service.js';
import { exportReports, REPORT_EXPORT_MAX_ROWS } from './reports.export.js';
import { presentReport } from './reports.presenter.js';
import { findReportById, reportHasFinding, reportState } from './reports.repo.js';
import { createReport, deleteReport, markRead, reportList, requireReport } from './reports.service.js';

const tags = ['reports'];
const base = '/api/ReportPool';
const SIGNED_IN = { permission: null } as const;

export async function reportsRoutes(app: AppInstance) {
  app.post(
    `${base}/create`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '生成报告（先检查数据，再扣费并排队）',
        body: createReportSchema,
        response: { 200: envelope(z.object({ reportId: z.number().int(), replayed: z.boolean() })) },
      },
    },
    async (request) => ok(await createReport(app, actorOf(sessionOf(request)), request.body), '已提交，报告生成中'),
  );

  app.get(
    `${base}/list`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '报告列表',
        querystring: reportListQuerySchema,
        response: { 200: envelope(pageSchema(reportItemSchema)) },
      },
    },
    async (request) => {
      const { page, size, unreadOnly, ...filters } = request.query;
      return ok(
        await reportList(
          app.db,
          actorOf(sessionOf(request)),
          { ...filters, unreadOnly: unreadOnly === 'true' },
          { page, size },
        ),
      );
    },
  );

  app.get(
    `${base}/detail`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '报告详情（完成后含全部发现；print=1 时另含各发现的发票行，供打印视图）',
        querystring: reportIdSchema.extend({ print: z.enum(['1']).optional() }),
        response: { 200: envelope(reportDetailSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const row = await requireReport(app.db, actor, request.query.id);
      const detail = {
        ...(await reportDetail(app.db, app.storage, row, actor.userId)),
        cover: await coverOfUser(app.db, actor.userId),
      };
      if (request.query.print !== '1') return ok(detail);
      // The print view opened from a session prints the same invoice rows as the server's PDF.
      return ok({ ...detail, evidenceRows: await printedEvidenceRows(app.db, row.company_id, detail.findings) });
    },
  );

  app.get(
    `${base}/exportList`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: `导出报告列表（Excel，筛选同列表，最多 ${REPORT_EXPORT_MAX_ROWS} 条）`,
        querystring: reportListQuerySchema.omit({ page: true, size: true }),
      },
    },
    async (request, reply) => {
      const { unreadOnly, ...filters } = request.query;
      const buffer = await exportReports(app.db, actorOf(sessionOf(request)), {
        ...filters,
        unreadOnly: unreadOnly === 'true',
      });
      return sendXlsx(reply, '报告列表.xlsx', buffer);
    },
  );

  const pdfRoute = (url: string, summary: string) =>
    app.get(
      url,
      { config: { access: SIGNED_IN }, schema: { tags, summary, querystring: reportIdSchema } },
      async (request, reply) => {
        const actor = actorOf(sessionOf(request));
        const row = await requireReport(app.db, actor, request.query.id);
        const fileName = `${row.company_name}-${presentReport(row, null).reportName}-${row.period_start}至${row.period_end}.pdf`;
        return sendPdf(reply, fileName, await reportPdf(app, row, await coverOfUser(app.db, actor.userId)));
      },
    );
  pdfRoute(`${base}/pdf`, '导出报告PDF（带水印，已缓存时直接返回）');
  pdfRoute('/api/CsbFirmCertification/automaticGetPdf', '导出报告PDF（同 /api/ReportPool/pdf）');

  app.get(
    `${base}/printData`,
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '打印视图的数据（凭短时打印令牌，供服务端 Chromium 使用）',
        querystring: reportIdSchema.extend({
          printToken: z.string().max(200),
          cover: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: envelope(reportDetailSchema) },
      },
    },
    async (request) => {
      const { id, printToken, cover } = request.query;
      const row = await findReportById(app.db, id);
      if (!row || !(await verifyPrintToken(app, id, printToken)))
        throw new AppError('NOT_FOUND', '报告不存在或打印令牌已过期');
      // The cover the exporting user chose (pdf.service.ts puts it in the print address).
      const detail = {
        ...(await reportDetail(app.db, app.storage, row, null)),
        cover: cover ? await requireCover(app.db, cover) : await defaultCover(app.db),
      };
      // The PDF lists each finding's invoice rows, not only their numbers (the drill-down on paper).
      return ok({ ...detail, evidenceRows: await printedEvidenceRows(app.db, row.company_id, detail.findings) });
    },
  );

  app.post(
    `${base}/delete`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '删除报告', body: reportIdSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await deleteReport(app.db, actorOf(sessionOf(request)), request.body.id, async (pdfKey) => {
        if (pdfKey) await app.storage.delete(pdfKey);
      });
      return ok(null, '删除成功');
    },
  );

  app.get(
    `${base}/state`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '报告生成状态（spec §3）', response: { 200: envelope(reportStateSchema) } },
    },
    async (request) => {
      const session = sessionOf(request);
      const state = await reportState(app.db, actorOf(session).groupId, session.userId);
      return ok({
        beAnalyseList: state.pending.map((row) => ({
          id: row.id,
          reportType: row.report_type,
          taxpayerName: row.company_name,
          status: row.status,
        })),
        successNum: state.done,
        chineseTotalElements: state.pending.length,
        unreadNum: state.unread,
      });
    },
  );

  app.post(
    `${base}/markRead`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '标记已读（ids 或全部）',
        body: z.object({ ids: z.array(z.number().int().positive()).max(500).optional() }),
        response: { 200: envelope(z.object({ updated: z.number().int() })) },
      },
    },
    async (request) => ok({ updated: await markRead(app.db, actorOf(sessionOf(request)), request.body.ids ?? 'all') }),
  );

  app.get(
    `${base}/rules`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '规则目录', response: { 200: envelope(z.array(ruleCatalogueItemSchema)) } },
    },
    async () =>
      ok(
        ruleCatalogue().map((rule) => ({
          ...rule,
          reportTypes: [...rule.reportTypes],
          dataNeeded: [...rule.dataNeeded],
        })),
      ),
  );

  app.post(
    `${base}/annotate`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '标注一条发现（已核实 / 有合理解释，可带备注；status 为 null 时清除）',
        body: annotateSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const row = await requireReport(app.db, actor, request.body.id);
      if (row.status !== 'done') throw new AppError('CONFLICT', '报告生成完成后才能标注');
      const { ruleId, status, note } = request.body;
      if (status !== null && !(await reportHasFinding(app.db, row.id, ruleId)))
        throw new AppError('VALIDATION', '报告中没有这条检测项', { fields: { ruleId: '报告中没有这条检测项' } });
      if (status === null) {
        await app.db
          .deleteFrom('report_annotations')
          .where('report_id', '=', row.id)
          .where('rule_id', '=', ruleId)
          .execute();
      } else {
        await app.db
          .insertInto('report_annotations')
          .values({ report_id: row.id, rule_id: ruleId, status, note: note ?? null, updated_by: actor.userId })
          .onConflict((oc) =>
            oc
              .columns(['report_id', 'rule_id'])
              .doUpdateSet({ status, note: note ?? null, updated_by: actor.userId, updated_at: sql`now()` }),
          )
          .execute();
      }
      // The cached PDF no longer shows the annotations: print it again next time.
      await app.db.updateTable('reports').set({ pdf_generated_at: null }).where('id', '=', row.id).execute();
      return ok(null, '已保存');
    },
  );
}
