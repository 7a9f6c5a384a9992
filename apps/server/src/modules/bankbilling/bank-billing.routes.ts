import {
  bankStatementConfigSchema,
  bankStatementDeleteSchema,
  bankStatementPageSchema,
  bankStatementReviewSchema,
  bankStatementSignSchema,
  fieldErrorsOf,
  pageQuerySchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sendPdf } from '../../lib/send-file.js';
import { uploadFileName } from '../../lib/small-upload.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import {
  deleteConfigs,
  detailOf,
  listConfigs,
  reviewConfig,
  SIGNED_FILE_MAX_BYTES,
  signConfig,
  signedFile,
} from './bank-billing.service.js';
import { bankStatementOperatorRoutes } from './operator-review.routes.js';

const tags = ['IcbcAdsSignedConfig'];
const base = '/api/IcbcAdsSignedConfig';
// Billing agreements bind the firm: the main account's, with the pay right.
const MAIN_ACCOUNT = { permission: 'pay', levels: [1] } as const;
const idQuery = z.object({ id: z.coerce.number().int().positive() });

function actor(request: FastifyRequest) {
  const session = sessionOf(request);
  return { userId: session.userId, groupId: session.groupId as number };
}

/** The fields and the one PDF of a multipart sign request. */
async function readSignRequest(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: SIGNED_FILE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file')
        file = { name: uploadFileName(part.filename, '协议.pdf'), bytes: await part.toBuffer() };
      else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', '协议文件不可超过10MB');
    throw error;
  }
  const parsed = bankStatementSignSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    throw new AppError('VALIDATION', Object.values(errors)[0] ?? '请求参数有误', { fields: errors });
  }
  if (!file)
    throw new AppError('VALIDATION', '请上传签章后的协议 PDF 文件', {
      fields: { file: '请上传签章后的协议 PDF 文件' },
    });
  return { input: parsed.data, file };
}

/** Bank-statement billing agreements (spec §7): sign, list, detail, download, delete; the operator reviews. */
export async function bankBillingRoutes(app: AppInstance) {
  app.post(
    `${base}/sign`,
    {
      config: { access: MAIN_ACCOUNT },
      schema: {
        tags,
        summary: '提交签约（multipart：开户行、户名、账号、有效期与签章协议 PDF）',
        response: { 200: envelope(bankStatementConfigSchema) },
      },
    },
    async (request) => {
      const { input, file } = await readSignRequest(request);
      return ok(await signConfig(app.db, app.storage, actor(request), input, file), '已提交，待平台审核');
    },
  );

  app.get(
    `${base}/list`,
    {
      config: { access: MAIN_ACCOUNT },
      schema: {
        tags,
        summary: '签约列表',
        querystring: pageQuerySchema,
        response: { 200: envelope(bankStatementPageSchema) },
      },
    },
    async (request) => ok(await listConfigs(app.db, actor(request).groupId, request.query.page, request.query.size)),
  );

  app.get(
    `${base}/detail`,
    {
      config: { access: MAIN_ACCOUNT },
      schema: {
        tags,
        summary: '签约详情',
        querystring: idQuery,
        response: { 200: envelope(bankStatementConfigSchema) },
      },
    },
    async (request) => ok(await detailOf(app.db, actor(request).groupId, request.query.id)),
  );

  app.get(
    `${base}/download`,
    { config: { access: MAIN_ACCOUNT }, schema: { tags, summary: '下载签章协议', querystring: idQuery } },
    async (request, reply) => {
      const { name, file } = await signedFile(app.db, app.storage, actor(request).groupId, request.query.id);
      return sendPdf(reply, name.endsWith('.pdf') ? name : `${name}.pdf`, file);
    },
  );

  app.post(
    `${base}/delete`,
    {
      config: { access: MAIN_ACCOUNT },
      schema: {
        tags,
        summary: '删除签约（请求体即 id 数组）',
        body: bankStatementDeleteSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await deleteConfigs(app.db, actor(request), request.body);
      return ok(null, '已删除');
    },
  );

  app.post(
    '/api/operator/bankStatement/review',
    {
      config: { access: operatorAccess('finance') },
      schema: {
        tags: ['operator'],
        summary: '审核银行账单结算签约',
        body: bankStatementReviewSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await reviewConfig(app.db, sessionOf(request).userId, request.body);
      return ok(null, request.body.approve ? '已生效' : '已驳回');
    },
  );

  await bankStatementOperatorRoutes(app);
}
