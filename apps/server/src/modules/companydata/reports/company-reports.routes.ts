/**
 * The spec's call names for the company reports (§7 People, CsbFirmCertification,
 * BusinessPanoramicReport): thin doors onto the one report pipeline (/api/ReportPool/*), so
 * charging, jobs, notifications and permissions are the same whichever name a client uses.
 */
import {
  BUSINESS_RISK_KINDS,
  idSchema,
  type PoolReportType,
  pageQuerySchema,
  RISK_KINDS,
  RISK_LABELS,
  reportKindByReportType,
} from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../../app.js';
import { notFound } from '../../../lib/app-error.js';
import { ok } from '../../../lib/envelope.js';
import { sessionOf } from '../../../plugins/access.js';
import { actorOf } from '../../accounts/accounts.service.js';
import { createReport, deleteReport, markRead, reportList, requireReport } from '../../reports/reports.service.js';
import { companyDataProvider } from '../company-data.js';
import { companyExampleReport } from './company-example.js';
import { RISK_BASIS, RISK_LEVEL } from './company-findings.js';
import type { CompanyReportVariant } from './company-report.kind.js';

const tags = ['company-reports'];
const SIGNED_IN = { permission: null } as const;
const QJBG = { permission: 'qjbg' } as const;
const COMPANY_TYPES: readonly CompanyReportVariant[] = ['PANORAMIC', 'BUSINESS_INFO', 'DUE_DILIGENCE'];
const createBody = z.object({ firmId: idSchema, requestKey: z.string().trim().min(8).max(64).optional() });
const idBody = z.object({ id: idSchema });

/** The twelve months ending this month (Asia/Shanghai): the company reports summarise the company's own invoices over them. */
function lastTwelveMonths(now = new Date()) {
  const shanghai = new Date(now.getTime() + 8 * 3_600_000);
  const month = (offset: number) => {
    const date = new Date(Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth() - offset, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  return { periodStart: month(11), periodEnd: month(0) };
}

export async function companyReportsRoutes(app: AppInstance) {
  const creator = (url: string, reportType: CompanyReportVariant) =>
    app.post(
      url,
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary: `生成${reportKindByReportType(reportType)?.name}（同 /api/ReportPool/create）`,
          body: createBody,
        },
      },
      async (request) =>
        ok(
          await createReport(app, actorOf(sessionOf(request)), {
            ...request.body,
            reportType,
            ...lastTwelveMonths(),
          }),
          '已提交，报告生成中',
        ),
    );
  creator('/api/CsbFirmCertification/createPanoramicReport', 'PANORAMIC');
  creator('/api/People/xlbakCreateReport', 'BUSINESS_INFO');
  creator('/api/People/createBusinessDueDiligenceReport', 'DUE_DILIGENCE');

  const lister = (url: string, summary: string, reportType?: PoolReportType) =>
    app.get(
      url,
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary,
          querystring: pageQuerySchema.extend({ reportType: z.enum(COMPANY_TYPES).optional() }),
        },
      },
      async (request) => {
        const { page, size } = request.query;
        const actor = actorOf(sessionOf(request));
        const type = reportType ?? request.query.reportType;
        if (type) return ok(await reportList(app.db, actor, { reportType: type }, { page, size }));
        // All three company kinds, newest first.
        const lists = await Promise.all(
          COMPANY_TYPES.map((kind) => reportList(app.db, actor, { reportType: kind }, { page: 1, size: page * size })),
        );
        const merged = lists
          .flatMap((list) => list.list)
          .sort((a, b) => String(b.createTime).localeCompare(String(a.createTime)) || b.id - a.id);
        return ok({
          list: merged.slice((page - 1) * size, page * size),
          total: lists.reduce((sum, list) => sum + list.total, 0),
          page,
          size,
        });
      },
    );
  lister(
    '/api/BusinessPanoramicReport/infoList',
    '全景报告列表（同 /api/ReportPool/list?reportType=PANORAMIC）',
    'PANORAMIC',
  );
  lister('/api/BusinessPanoramicReport/shyInfoList', '综合税务风险报告列表', 'COMPREHENSIVE');
  lister('/api/BusinessPanoramicReport/findAllReportListByUserId', '全景、工商信息、尽职调查报告列表（可按类型筛选）');

  /** A company report of the caller's group, or 404 (another kind counts as not found here). */
  const companyReport = async (request: Parameters<typeof sessionOf>[0], id: number) => {
    const row = await requireReport(app.db, actorOf(sessionOf(request)), id);
    if (!(COMPANY_TYPES as readonly string[]).includes(row.report_type)) throw notFound('报告不存在或已删除');
    return row;
  };

  app.get(
    '/api/BusinessPanoramicReport/findStateById',
    { config: { access: SIGNED_IN }, schema: { tags, summary: '企业报告的生成状态', querystring: idBody } },
    async (request) => {
      const row = await companyReport(request, request.query.id);
      return ok({ id: row.id, status: row.status, failureReason: row.failure_reason });
    },
  );

  app.post(
    '/api/BusinessPanoramicReport/deleteById',
    { config: { access: SIGNED_IN }, schema: { tags, summary: '删除企业报告（生成中的不可删除）', body: idBody } },
    async (request) => {
      await companyReport(request, request.body.id);
      await deleteReport(app.db, actorOf(sessionOf(request)), request.body.id, async (pdfKey) => {
        if (pdfKey) await app.storage.delete(pdfKey);
      });
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/api/People/xlbakWatchTag',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '工商信息报告标记为已查看（不传 id 时标记全部）',
        body: z.object({ id: idSchema.optional() }),
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      if (request.body.id) {
        const row = await companyReport(request, request.body.id);
        if (row.report_type !== 'BUSINESS_INFO') throw notFound('报告不存在或已删除');
        return ok({ updated: await markRead(app.db, actor, [row.id]) });
      }
      const unread = await reportList(
        app.db,
        actor,
        { reportType: 'BUSINESS_INFO', unreadOnly: true },
        { page: 1, size: 500 },
      );
      return ok({
        updated: await markRead(
          app.db,
          actor,
          unread.list.map((row) => row.id),
        ),
      });
    },
  );

  app.get(
    '/api/BusinessPanoramicReport/getFirmDetails',
    {
      config: { access: QJBG },
      schema: {
        tags,
        summary: '企业登记详情（按统一社会信用代码），含股东、主要人员与数据来源',
        querystring: z.object({
          taxNo: z
            .string({ error: '请输入统一社会信用代码' })
            .trim()
            .min(15, '统一社会信用代码格式不正确')
            .max(20, '统一社会信用代码格式不正确'),
        }),
      },
    },
    async (request) => {
      const provider = companyDataProvider(app.db);
      const profile = await provider.profile(request.query.taxNo);
      if (!profile) throw notFound(`企业数据源中没有统一社会信用代码为 ${request.query.taxNo.toUpperCase()} 的企业`);
      const [shareholders, executives] = await Promise.all([
        provider.relations(profile.creditCode, 'shareholder'),
        provider.relations(profile.creditCode, 'executive'),
      ]);
      return ok({ provider: provider.info, profile, shareholders, executives });
    },
  );

  app.get(
    '/api/BusinessPanoramicReport/findIndicatorsList',
    { config: { access: QJBG }, schema: { tags, summary: '全景报告检查的名录及其依据与提示等级' } },
    async () =>
      ok(
        RISK_KINDS.map((kind) => ({
          kind,
          label: RISK_LABELS[kind],
          group: BUSINESS_RISK_KINDS.includes(kind) ? '经营风险' : '司法风险',
          level: RISK_LEVEL[kind],
          basis: RISK_BASIS[kind],
        })),
      ),
  );

  app.get(
    '/api/CompanyData/exampleReport',
    {
      config: { access: QJBG },
      schema: {
        tags,
        summary: '示例：全景报告、工商信息报告、尽职调查报告（免费，虚构企业）',
        querystring: z.object({
          reportType: z.enum(COMPANY_TYPES, { error: '报告类型应为 PANORAMIC、BUSINESS_INFO 或 DUE_DILIGENCE' }),
        }),
      },
    },
    async (request) => ok(companyExampleReport(request.query.reportType)),
  );
}
