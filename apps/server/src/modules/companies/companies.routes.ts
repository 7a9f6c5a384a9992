import {
  ACCOUNTING_STANDARDS,
  assignCompanySchema,
  companyFieldsSchema,
  companyListQuerySchema,
  companySchema,
  firmIdSchema,
  INDUSTRY_SECTIONS,
  pageSchema,
  REGIONS,
  TAXPAYER_TYPES,
  updateCompanySchema,
} from '@taxlens/shared';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import {
  assignCompany,
  bindCompany,
  bindingState,
  companyDetails,
  companyNames,
  editCompany,
  exportCompanies,
  removeCompany,
  requireCompany,
} from './companies.service.js';
import { cachedCompanyPage } from './company-page.js';

const tags = ['companies'];
const base = '/api/CsbFirmCertification';
const MANAGE: RouteAccess = { permission: 'firmManage' };
const SIGNED_IN: RouteAccess = { permission: null };
const warningSchema = z.object({ warning: z.string().nullable() });
const nameItemSchema = z.object({ firmId: z.number().int(), taxpayerName: z.string(), taxNo: z.string() });

export async function companiesRoutes(app: AppInstance) {
  app.post(
    `${base}/bindFirm`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: '绑定企业',
        body: companyFieldsSchema,
        response: { 200: envelope(warningSchema.extend({ firmId: z.number().int() })) },
      },
    },
    async (request) => ok(await bindCompany(app.db, actorOf(sessionOf(request)), request.body), '绑定成功'),
  );

  app.get(
    `${base}/findFirmList`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: '企业列表',
        querystring: companyListQuerySchema,
        response: { 200: envelope(pageSchema(companySchema)) },
      },
    },
    // The list every company page opens: PostgreSQL writes the rows' JSON, kept per instance with
    // its compressed forms until the group's lists change (issue 21).
    async (request, reply) => {
      const { page, size, ...filters } = request.query;
      const actor = actorOf(sessionOf(request));
      const body = await cachedCompanyPage(app.listCache, app.db, actor, filters, { page, size });
      return body.send(reply as unknown as FastifyReply, request.headers);
    },
  );

  app.get(
    `${base}/exportFirmList`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: '导出企业列表（Excel）',
        querystring: companyListQuerySchema.omit({ page: true, size: true }),
      },
    },
    async (request, reply) => {
      return sendXlsx(
        reply,
        '企业列表.xlsx',
        await exportCompanies(app.db, actorOf(sessionOf(request)), request.query),
      );
    },
  );

  app.get(
    `${base}/findFirmNameList`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '可选企业（名称与识别号）',
        querystring: z.object({ keyword: z.string().trim().max(80).optional() }),
        response: { 200: envelope(z.array(nameItemSchema)) },
      },
    },
    async (request) => ok(await companyNames(app.db, actorOf(sessionOf(request)), request.query.keyword)),
  );

  app.get(
    `${base}/findFirmDetails`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '企业详情', querystring: firmIdSchema, response: { 200: envelope(companySchema) } },
    },
    async (request) => ok(await companyDetails(app.db, actorOf(sessionOf(request)), request.query.firmId)),
  );

  app.post(
    `${base}/updateFirm`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: '修改企业', body: updateCompanySchema, response: { 200: envelope(warningSchema) } },
    },
    async (request) => {
      const { firmId, ...fields } = request.body;
      return ok(await editCompany(app.db, actorOf(sessionOf(request)), firmId, fields), '保存成功');
    },
  );

  app.post(
    `${base}/delFirm`,
    {
      config: { access: { permission: 'firmManage', levels: [1, 2] } },
      schema: { tags, summary: '删除企业及其全部数据', body: firmIdSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await removeCompany(app.db, actorOf(sessionOf(request)), request.body.firmId, async (keys) => {
        // The rows are gone; a file that cannot be removed now is only disk space, logged.
        const results = await Promise.allSettled(keys.map((key) => app.storage.delete(key)));
        const failed = results.filter((result) => result.status === 'rejected').length;
        if (failed > 0) request.log.warn({ failed }, 'company files left on disk');
      });
      return ok(null, '删除成功');
    },
  );

  app.post(
    `${base}/assignFirm`,
    {
      config: { access: { permission: 'firmManage', levels: [1, 2] } },
      schema: { tags, summary: '分配企业负责人', body: assignCompanySchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await assignCompany(app.db, actorOf(sessionOf(request)), request.body.firmId, request.body.assigneeId);
      return ok(null, '分配成功');
    },
  );

  app.get(
    `${base}/findBindingFirmInformation`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: '某识别号是否已被本集团绑定',
        querystring: z.object({ taxNo: z.string().trim().min(1).max(20) }),
        response: {
          200: envelope(
            z.object({ bound: z.boolean(), firmId: z.number().int().nullable(), taxpayerName: z.string().nullable() }),
          ),
        },
      },
    },
    async (request) => ok(await bindingState(app.db, actorOf(sessionOf(request)), request.query.taxNo)),
  );

  app.get(
    `${base}/queryAccountingCriterionListAndTaxpayersTypeList`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '会计准则、纳税人类型、行业门类、地区',
        response: {
          200: envelope(
            z.object({
              accountingStandards: z.array(z.object({ value: z.string(), label: z.string() })),
              taxpayerTypes: z.array(z.object({ value: z.string(), label: z.string() })),
              industries: z.array(z.object({ code: z.string(), name: z.string() })),
              regions: z.array(z.object({ code: z.string(), name: z.string() })),
            }),
          ),
        },
      },
    },
    async () =>
      ok({
        accountingStandards: [...ACCOUNTING_STANDARDS],
        taxpayerTypes: Object.entries(TAXPAYER_TYPES).map(([value, label]) => ({ value, label })),
        industries: [...INDUSTRY_SECTIONS],
        regions: [...REGIONS],
      }),
  );

  app.post(
    `${base}/switchFirm`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '切换当前企业', body: firmIdSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      const session = sessionOf(request);
      await requireCompany(app.db, actorOf(session), request.body.firmId);
      await app.db
        .updateTable('users')
        .set({ current_company_id: request.body.firmId, updated_at: sql`now()` })
        .where('id', '=', session.userId)
        .execute();
      return ok(null, '已切换');
    },
  );

  app.get(
    `${base}/getFirmAndGroup`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '企业及其所属集团',
        querystring: firmIdSchema,
        response: { 200: envelope(z.object({ firm: companySchema, groupName: z.string() })) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const firm = await companyDetails(app.db, actor, request.query.firmId);
      const group = await app.db
        .selectFrom('groups')
        .select('name')
        .where('id', '=', actor.groupId)
        .executeTakeFirstOrThrow();
      return ok({ firm, groupName: group.name });
    },
  );
}
