import { randomUUID } from 'node:crypto';
import { buildManualListTemplate, ManualEntryError, manualFace } from '@taxlens/engine/verification';
import {
  checkBatchSchema,
  checkExportBodySchema,
  checkFlowSchema,
  checkIdQuerySchema,
  checkIdsBodySchema,
  checkListQuerySchema,
  checkUserSchema,
  INVOICE_CHECK_LIMITS,
  invoiceCheckDetailSchema,
  invoiceCheckSchema,
  LEDGER_REASON_LABELS,
  type LedgerReason,
  manualVerifyBodySchema,
  maskPhone,
  pageQuerySchema,
  pageSchema,
  verificationProviderInfoSchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { uploadFileName } from '../../lib/small-upload.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { chargeFor, checkCreditsOf } from './verification.charge.js';
import { exportChecks } from './verification.export.js';
import { readUploads, type UploadedFile } from './verification.files.js';
import { presentCheck, presentDetail } from './verification.presenter.js';
import { DAILY_CHECKS_PER_INVOICE } from './verification.provider.js';
import { createVerificationProvider } from './verification.provider-factory.js';
import {
  type CheckScope,
  checkFlow,
  checkOfBatch,
  checkUsers,
  deleteChecks,
  getCheck,
  listChecks,
  shanghaiToday,
} from './verification.repo.js';
import { CheckRefused, checkBatch, checkOne, type VerificationDeps } from './verification.service.js';
import { ocrRoutes } from './verification-extra.routes.js';
import { operatorPriceRoutes } from './verification-operator.routes.js';

export const ACCESS = { permission: 'invoiceCheck' } as const;
export const TAGS = ['InvoiceAuthenticity'];

export function scopeOf(request: FastifyRequest): CheckScope {
  const actor = actorOf(sessionOf(request));
  return { groupId: actor.groupId, userId: actor.userId, level: actor.level };
}

export async function readFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { files: INVOICE_CHECK_LIMITS.maxFiles + 1, fileSize: INVOICE_CHECK_LIMITS.maxFileBytes },
    })) {
      if (part.type !== 'file') continue;
      if (files.length >= INVOICE_CHECK_LIMITS.maxFiles) {
        part.file.resume();
        throw new AppError('VALIDATION', `单次最多上传${INVOICE_CHECK_LIMITS.maxFiles}个文件`);
      }
      const bytes = await part.toBuffer();
      files.push({ name: uploadFileName(part.filename, `文件${files.length + 1}`), bytes });
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', '单个文件不可超过10MB');
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new AppError('VALIDATION', `单次最多上传${INVOICE_CHECK_LIMITS.maxFiles}个文件`);
    throw error;
  }
  if (files.length === 0)
    throw new AppError('VALIDATION', '请选择要核验的发票文件', { fields: { file: '请选择要核验的发票文件' } });
  return files;
}

export async function verificationRoutes(app: AppInstance) {
  const provider = createVerificationProvider(app.config);
  const deps: VerificationDeps = { db: app.db, provider };
  const base = '/api/InvoiceAuthenticity';

  app.get(
    `${base}/provider`,
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: '当前核验来源（本地核验或查验平台）与每张价格',
        response: { 200: envelope(verificationProviderInfoSchema) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const charge = await chargeFor(app.db, scope.groupId);
      return ok({
        provider: provider.name,
        label: provider.label,
        description: provider.description,
        priceFen: charge.priceFen,
        chargeMode: charge.mode,
        checkCredits: await checkCreditsOf(app.db, scope.userId),
        dailyLimitPerInvoice: DAILY_CHECKS_PER_INVOICE,
      });
    },
  );

  app.post(
    `${base}/invoice/manualVerify`,
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: '手工录入四要素核验一张发票',
        body: manualVerifyBodySchema,
        response: { 200: envelope(checkBatchSchema) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      let face: ReturnType<typeof manualFace>;
      try {
        face = manualFace(request.body, shanghaiToday());
      } catch (error) {
        if (error instanceof ManualEntryError)
          throw new AppError('VALIDATION', `${error.code} ${error.message}`, { vendorCode: error.code });
        throw error;
      }
      const record = { face, format: 'manual' as const, layer: 'manual' as const, sourceName: '手工录入', notes: [] };
      // A retried request (same requestKey) answers the first check instead of charging twice.
      const batchId = request.body.requestKey ? `manual:${scope.userId}:${request.body.requestKey}` : randomUUID();
      const earlier = request.body.requestKey ? await checkOfBatch(app.db, scope, batchId) : undefined;
      if (earlier) {
        const check = presentCheck(earlier, earlier.vendor_message);
        return ok({ batchId, checked: [check], rejected: [], chargedFen: 0, chargedCredits: 0 });
      }
      try {
        const check = await checkOne(deps, scope, batchId, record);
        return ok({
          batchId,
          checked: [check],
          rejected: [],
          chargedFen: check.refunded ? 0 : check.priceFen,
          chargedCredits: !check.refunded && check.paidWithCredit ? 1 : 0,
        });
      } catch (error) {
        if (error instanceof CheckRefused) throw new AppError(error.errorName, error.message);
        throw error;
      }
    },
  );

  app.post(
    `${base}/invoice/pdfFileVerify`,
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary:
          '上传发票文件核验（multipart，字段 file 可重复，最多50个：数电XML、OFD、PDF、PNG/JPG二维码图片、批量清单xlsx）',
        response: { 200: envelope(checkBatchSchema) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const files = await readFiles(request);
      const { records, rejected } = await readUploads(files, shanghaiToday());
      return ok(await checkBatch(deps, scope, randomUUID(), records, rejected));
    },
  );

  app.get(
    `${base}/template/down`,
    { config: { access: ACCESS }, schema: { tags: TAGS, summary: '下载批量核验清单模板（xlsx）' } },
    async (_request, reply) => sendXlsx(reply, '发票批量核验清单模板.xlsx', await buildManualListTemplate()),
  );

  app.get(
    `${base}/infoList`,
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: '核验记录（使用明细），按日期、结果、关键字、操作人、来源筛选',
        querystring: checkListQuerySchema,
        response: { 200: envelope(pageSchema(invoiceCheckSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      const { rows, total } = await listChecks(app.db, scopeOf(request), filter, { page, size });
      return ok({ list: rows.map((row) => presentCheck(row)), total, page, size });
    },
  );

  app.get(
    `${base}/infoById`,
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: '一条核验记录的详情（各项核对的结论与原因）',
        querystring: checkIdQuerySchema,
        response: { 200: envelope(invoiceCheckDetailSchema) },
      },
    },
    async (request) => {
      const row = await getCheck(app.db, scopeOf(request), request.query.id);
      if (!row) throw notFound('核验记录不存在或已删除');
      return ok(presentDetail(row));
    },
  );

  app.post(
    `${base}/export`,
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: '导出核验记录（Excel；所选记录，或筛选条件下的全部）',
        body: checkExportBodySchema,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, '发票鉴伪记录.xlsx', await exportChecks(app.db, scopeOf(request), request.body)),
  );

  app.post(
    `${base}/delete`,
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: '删除核验记录',
        body: checkIdsBodySchema,
        response: { 200: envelope(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => {
      const deleted = await deleteChecks(app.db, scopeOf(request), request.body.ids);
      if (deleted === 0) throw notFound('核验记录不存在或已删除');
      return ok({ deleted });
    },
  );

  app.get(
    `${base}/phone/list`,
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: '做过核验的账号（记录筛选用）',
        response: { 200: envelope(z.array(checkUserSchema)) },
      },
    },
    async (request) =>
      ok(
        (await checkUsers(app.db, scopeOf(request))).map((row) => ({
          userId: row.id,
          phone: maskPhone(row.phone),
          name: row.nick_name,
        })),
      ),
  );

  app.get(
    `${base}/getInvoiceAuthFlow`,
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: '鉴伪扣费与退费流水',
        querystring: pageQuerySchema,
        response: { 200: envelope(pageSchema(checkFlowSchema)) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await checkFlow(app.db, scopeOf(request), { page, size });
      const list = rows.map((row) => ({
        id: row.id,
        reason: row.reason,
        reasonLabel: LEDGER_REASON_LABELS[row.reason as LedgerReason] ?? row.reason,
        deltaFen: Number(row.delta),
        note: row.note,
        phone: maskPhone(row.phone),
        createTime: row.created_at.toISOString(),
      }));
      return ok({ list, total, page, size });
    },
  );

  await ocrRoutes(app, deps);
  await operatorPriceRoutes(app);
}
