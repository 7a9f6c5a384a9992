import { buildReturnTemplate } from '@taxlens/engine';
import {
  dataOverviewSchema,
  dataTimelineSchema,
  deleteFiguresSchema,
  deleteImportResultSchema,
  figureSetSchema,
  financialStatementKindSchema,
  firmIdSchema,
  importIdSchema,
  importKindSchema,
  importListQuerySchema,
  importSchema,
  invoiceDetailQuerySchema,
  invoiceDetailSchema,
  pageSchema,
  saveFiguresSchema,
} from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { requireCompany } from '../companies/companies.service.js';
import { dataTimeline } from './coverage/coverage.service.js';
import { deleteFigures } from './figures.repo.js';
import { deleteImport, replaceableImport } from './import-removal.service.js';
import {
  dataOverview,
  figuresOf,
  importHistory,
  importInfo,
  presentImport,
  saveManualFigures,
  startImport,
  waitForImport,
} from './imports.service.js';
import { findInvoicesByNumber } from './invoice-lookup.repo.js';
import { parseFields, readMultipart, refuseOversize } from './upload.js';

const tags = ['imports'];
const base = '/api/CsbFirmCertification';
const MANAGE = { permission: 'firmManage' } as const;
const uploadFieldsSchema = firmIdSchema.extend({
  kind: importKindSchema,
  /** An earlier import of the same company and kind to replace once this upload succeeds. */
  replaceImportId: importIdSchema.shape.importId.optional(),
});
/** fileUpload waits this long for the worker before answering the import as it stands. */
const UPLOAD_WAIT_MS = 10 * 60_000;

export async function importsRoutes(app: AppInstance) {
  app.post(
    `${base}/fileUpload`,
    {
      config: { access: MANAGE },
      onRequest: refuseOversize,
      schema: {
        tags,
        summary:
          '上传数据文件（multipart：firmId、kind=invoice|statement|return、可选 replaceImportId（成功后删除被替换的导入）、file；字段在文件之前）',
        querystring: z.object({ wait: z.enum(['true', 'false']).default('true') }),
        response: { 200: envelope(importSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const importId = await readMultipart(request, async (fields, file) => {
        const { firmId, kind, replaceImportId } = parseFields(uploadFieldsSchema, fields);
        const company = await requireCompany(app.db, actor, firmId);
        if (replaceImportId !== undefined) {
          await replaceableImport(app.db, actor.groupId, replaceImportId, { companyId: company.id, kind });
        }
        return startImport(
          app,
          {
            groupId: actor.groupId,
            companyId: company.id,
            userId: actor.userId,
            source: 'staff',
            replacesImportId: replaceImportId ?? null,
          },
          kind,
          { fileName: file.filename, stream: file.file },
        );
      });
      const row = await waitForImport(
        app.db,
        actor.groupId,
        importId,
        request.query.wait === 'true' ? UPLOAD_WAIT_MS : 0,
      );
      return ok(presentImport(row), row.message ?? '已上传');
    },
  );

  app.get(
    `${base}/importStatus`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: '导入进度与结果',
        querystring: importIdSchema,
        response: { 200: envelope(importSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const row = await importInfo(app.db, actor.groupId, request.query.importId, async (companyId) => {
        await requireCompany(app.db, actor, companyId);
      });
      return ok(presentImport(row));
    },
  );

  app.get(
    `${base}/importList`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: '导入记录',
        querystring: importListQuerySchema,
        response: { 200: envelope(pageSchema(importSchema)) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const { firmId, page, size } = request.query;
      await requireCompany(app.db, actor, firmId);
      return ok(await importHistory(app.db, actor.groupId, firmId, { page, size }));
    },
  );

  app.post(
    `${base}/deleteImport`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: '删除一次导入及仅由它带来的数据（其他导入也包含的发票保留）',
        body: importIdSchema,
        response: { 200: envelope(deleteImportResultSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const row = await importInfo(app.db, actor.groupId, request.body.importId, async (companyId) => {
        await requireCompany(app.db, actor, companyId);
      });
      return ok(await deleteImport(app, row), '删除成功');
    },
  );

  app.get(
    `${base}/dataTimeline`,
    {
      config: { access: { permission: null } },
      schema: {
        tags,
        summary: '企业数据时间轴：各类数据覆盖的月份',
        querystring: firmIdSchema,
        response: { 200: envelope(dataTimelineSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const company = await requireCompany(app.db, actor, request.query.firmId);
      return ok(await dataTimeline(app.db, actor.groupId, company.id));
    },
  );

  app.get(
    `${base}/invoiceLookup`,
    {
      config: { access: { permission: null } },
      schema: {
        tags,
        summary: '按发票号码查询已导入的发票（含明细与特定业务信息）',
        querystring: invoiceDetailQuerySchema,
        response: { 200: envelope(z.array(invoiceDetailSchema)) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const company = await requireCompany(app.db, actor, request.query.firmId);
      return ok(await findInvoicesByNumber(app.db, actor.groupId, company.id, request.query.number));
    },
  );

  app.get(
    `${base}/importProblemReport`,
    { config: { access: MANAGE }, schema: { tags, summary: '下载错误报告（Excel）', querystring: importIdSchema } },
    async (request, reply) => {
      const actor = actorOf(sessionOf(request));
      const row = await importInfo(app.db, actor.groupId, request.query.importId, async (companyId) => {
        await requireCompany(app.db, actor, companyId);
      });
      if (!row.problem_report_key) throw notFound('该次导入没有错误报告');
      // The uploaded name keeps its own extension out: 错误报告-发票.xlsx, never 错误报告-发票.xlsx.xlsx.
      const base = row.file_name.replace(/\.(xlsx|xls|csv|xml|pdf|ofd|zip)$/i, '');
      return sendXlsx(reply, `错误报告-${base}.xlsx`, await app.storage.read(row.problem_report_key));
    },
  );

  app.get(
    `${base}/downloadReturnTemplate`,
    { config: { access: { permission: null } }, schema: { tags, summary: '下载申报表汇总模板（Excel）' } },
    async (_request, reply) => sendXlsx(reply, '申报表汇总模板.xlsx', await buildReturnTemplate()),
  );

  app.get(
    `${base}/dataOverview`,
    {
      config: { access: { permission: null } },
      schema: {
        tags,
        summary: '企业数据概览',
        querystring: firmIdSchema,
        response: { 200: envelope(dataOverviewSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const company = await requireCompany(app.db, actor, request.query.firmId);
      return ok(await dataOverview(app.db, actor.groupId, company.id));
    },
  );

  app.get(
    `${base}/findFigures`,
    {
      config: { access: { permission: null } },
      schema: {
        tags,
        summary: '财务报表与申报数据',
        querystring: firmIdSchema.extend({ statement: financialStatementKindSchema.optional() }),
        response: { 200: envelope(z.array(figureSetSchema)) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const company = await requireCompany(app.db, actor, request.query.firmId);
      return ok(await figuresOf(app.db, actor.groupId, company.id, request.query.statement));
    },
  );

  app.post(
    `${base}/saveFigures`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: '手工录入或修改一期报表/申报数据（金额为分）',
        body: saveFiguresSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const company = await requireCompany(app.db, actor, request.body.firmId);
      const body = request.body;
      const layout = 'layout' in body ? body.layout : 'taxpayerType' in body ? (body.taxpayerType ?? null) : null;
      await saveManualFigures(
        app.db,
        { groupId: actor.groupId, companyId: company.id, userId: actor.userId },
        { statement: body.statement, period: body.period, layout, figures: body.figures as Record<string, number> },
      );
      return ok(null, '保存成功');
    },
  );

  app.post(
    `${base}/deleteFigures`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: '删除一期报表/申报数据', body: deleteFiguresSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const company = await requireCompany(app.db, actor, request.body.firmId);
      const removed = await deleteFigures(
        app.db,
        actor.groupId,
        company.id,
        request.body.statement,
        request.body.period,
      );
      if (removed === 0) throw notFound('该期数据不存在');
      return ok(null, '删除成功');
    },
  );
}
