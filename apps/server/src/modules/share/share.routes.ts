import { buildReturnTemplate } from '@taxlens/engine';
import {
  createShareLinkSchema,
  firmIdSchema,
  importIdSchema,
  importKindSchema,
  importSchema,
  pageQuerySchema,
  pageSchema,
  shareBindSchema,
  shareIdSchema,
  shareInfoSchema,
  shareLinkSchema,
  shareMailSchema,
  shareTokenSchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { findImport } from '../imports/imports.repo.js';
import { presentImport, waitForImport } from '../imports/imports.service.js';
import { parseFields, readMultipart, refuseOversize } from '../imports/upload.js';
import {
  bindFromLink,
  createLink,
  linkInfo,
  linkList,
  mailLink,
  presentLink,
  qrCodePng,
  requireLink,
  revokeLink,
  uploadFromLink,
  usableLink,
} from './share.service.js';

const tags = ['share'];
/** /company/bindUser: firmManage|invite. */
const INVITE: RouteAccess = { permission: ['firmManage', 'invite'] };
const PUBLIC: RouteAccess = { public: true };
const clientUploadFieldsSchema = shareTokenSchema.extend({ kind: importKindSchema.default('invoice') });

export async function shareRoutes(app: AppInstance) {
  const baseUrl = (request: FastifyRequest) => app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

  app.post(
    '/api/userInfo/generateQrCode',
    {
      config: { access: INVITE },
      schema: {
        tags,
        summary: '生成客户上传链接与二维码',
        body: createShareLinkSchema,
        response: { 200: envelope(shareLinkSchema) },
      },
    },
    async (request) =>
      ok(presentLink(await createLink(app.db, actorOf(sessionOf(request)), request.body), baseUrl(request)), '已生成'),
  );

  app.get(
    '/api/userInfo/shareQrCode',
    { config: { access: INVITE }, schema: { tags, summary: '链接二维码（PNG）', querystring: shareIdSchema } },
    async (request, reply) => {
      const link = presentLink(
        await requireLink(app.db, actorOf(sessionOf(request)), request.query.shareId),
        baseUrl(request),
      );
      return reply.header('content-type', 'image/png').send(await qrCodePng(link.url));
    },
  );

  app.post(
    '/api/userInfo/qrCodeSendMail',
    {
      config: { access: INVITE },
      schema: {
        tags,
        summary: '把链接发到客户邮箱（未配置邮件服务时写入发件箱）',
        body: shareMailSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await mailLink(
        app.db,
        actorOf(sessionOf(request)),
        request.body.shareId,
        request.body.email,
        baseUrl(request),
        (line) => request.log.info(line),
      );
      return ok(null, '已发送');
    },
  );

  app.get(
    '/api/userInfo/findQrCodeState',
    {
      config: { access: INVITE },
      schema: { tags, summary: '链接状态', querystring: shareIdSchema, response: { 200: envelope(shareLinkSchema) } },
    },
    async (request) =>
      ok(presentLink(await requireLink(app.db, actorOf(sessionOf(request)), request.query.shareId), baseUrl(request))),
  );

  app.get(
    '/api/userInfo/shareLinkList',
    {
      config: { access: INVITE },
      schema: {
        tags,
        summary: '客户上传链接列表',
        querystring: pageQuerySchema.extend({ firmId: firmIdSchema.shape.firmId.optional() }),
        response: { 200: envelope(pageSchema(shareLinkSchema)) },
      },
    },
    async (request) => {
      const { firmId, page, size } = request.query;
      const { rows, total } = await linkList(app.db, actorOf(sessionOf(request)), firmId, { page, size });
      return ok({ list: rows.map((row) => presentLink(row, baseUrl(request))), total, page, size });
    },
  );

  app.post(
    '/api/userInfo/revokeShareLink',
    {
      config: { access: INVITE },
      schema: { tags, summary: '撤销链接', body: shareIdSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await revokeLink(app.db, actorOf(sessionOf(request)), request.body.shareId);
      return ok(null, '已撤销');
    },
  );

  app.get(
    '/api/share/info',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: '客户打开链接时看到的信息（无需登录）',
        querystring: shareTokenSchema,
        response: { 200: envelope(shareInfoSchema) },
      },
    },
    async (request) => ok(await linkInfo(app.db, request.query.token)),
  );

  app.post(
    '/api/CsbFirmCertification/tkBindFirm',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: '客户填写企业信息（无需登录）',
        body: shareBindSchema,
        response: { 200: envelope(z.object({ firmId: z.number().int() })) },
      },
    },
    async (request) => {
      const { token, ...fields } = request.body;
      return ok({ firmId: await bindFromLink(app.db, token, fields) }, '提交成功');
    },
  );

  app.post(
    '/api/CsbFirmCertification/tkCsbUploadReport',
    {
      config: { access: PUBLIC },
      onRequest: refuseOversize,
      schema: {
        tags,
        summary: '客户上传数据文件（multipart：token、kind、file；无需登录）',
        response: { 200: envelope(importSchema) },
      },
    },
    async (request) => {
      const { importId, groupId } = await readMultipart(request, async (fields, file) => {
        const { token, kind } = parseFields(clientUploadFieldsSchema, fields);
        return uploadFromLink(app, token, kind, { fileName: file.filename, stream: file.file });
      });
      const row = await waitForImport(app.db, groupId, importId, 10 * 60_000);
      return ok(presentImport(row), row.status === 'done' ? '上传成功' : (row.message ?? '已上传'));
    },
  );

  app.get(
    '/api/share/returnTemplate',
    {
      config: { access: PUBLIC },
      schema: { tags, summary: '客户下载申报表汇总模板（Excel）', querystring: shareTokenSchema },
    },
    async (request, reply) => {
      await usableLink(app.db, request.query.token);
      return sendXlsx(reply, '申报表汇总模板.xlsx', await buildReturnTemplate());
    },
  );

  app.get(
    '/api/share/problemReport',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: '客户下载自己上传文件的错误报告',
        querystring: shareTokenSchema.extend(importIdSchema.shape),
      },
    },
    async (request, reply) => {
      const link = await usableLink(app.db, request.query.token);
      const row = await findImport(app.db, link.group_id, request.query.importId);
      if (!row || row.share_link_id !== link.id || !row.problem_report_key) throw notFound('错误报告不存在');
      return sendXlsx(reply, '错误报告.xlsx', await app.storage.read(row.problem_report_key));
    },
  );
}
