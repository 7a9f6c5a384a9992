import { firmIdSchema, pageQuerySchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { requireCompany } from '../companies/companies.service.js';
import { BOOKKEEPING_REPORT_TYPES } from './bookkeeping.connector.js';
import { ChanjetConnector } from './chanjet.connector.js';
import {
  authoriseAndPull,
  type BookkeepingDeps,
  closeAuthorisation,
  createAuthorisation,
  findAuthorisation,
  listAuthorisations,
  monthsBetween,
  pulledImports,
} from './chanjet.service.js';

const tags = ['collection'];
const base = '/api/BusinessPanoramicReport/cjt';
const MANAGE = { permission: 'firmManage' } as const;
export const CHANJET_NOT_CONFIGURED = '未配置畅捷通授权，请导入从畅捷通导出的财务报表文件';

const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '期间格式应为 2024-01');
const authIdSchema = z.object({ authId: z.coerce.number().int().positive('授权记录编号不正确') });

/** The Chanjet client when its appKey, appSecret and redirect address are set; else null. */
export function chanjetDeps(app: AppInstance): BookkeepingDeps | null {
  const config = app.config;
  if (!config.CHANJET_APP_KEY || !config.CHANJET_APP_SECRET) return null;
  const redirectUri =
    config.CHANJET_REDIRECT_URI ?? (config.PUBLIC_URL ? new URL('/cjt/callback', config.PUBLIC_URL).toString() : null);
  if (!redirectUri) return null;
  return {
    db: app.db,
    storage: app.storage,
    boss: app.boss,
    connector: new ChanjetConnector({
      apiUrl: config.CHANJET_API_URL,
      authorizeUrl: config.CHANJET_AUTHORIZE_URL,
      redirectUri,
      appKey: config.CHANJET_APP_KEY,
      appSecret: config.CHANJET_APP_SECRET,
    }),
  };
}

export async function chanjetRoutes(app: AppInstance) {
  const deps = chanjetDeps(app);
  const need = (): BookkeepingDeps => {
    if (!deps) throw new AppError('VALIDATION', CHANJET_NOT_CONFIGURED);
    return deps;
  };
  const scoped = async (request: unknown, authId: number) => {
    const actor = actorOf(sessionOf(request as never));
    const row = await findAuthorisation(app.db, actor.groupId, { id: authId });
    await requireCompany(app.db, actor, Number(row.company_id));
    return { actor, row };
  };

  app.get(
    `${base}/reportType`,
    { config: { access: MANAGE }, schema: { tags, summary: '畅捷通授权：可拉取的报表类型、是否已配置' } },
    async () =>
      ok({
        configured: deps !== null,
        label: deps?.connector.label ?? null,
        message: deps ? null : CHANJET_NOT_CONFIGURED,
        types: BOOKKEEPING_REPORT_TYPES,
      }),
  );

  app.post(
    `${base}/authorizationUrl`,
    { config: { access: MANAGE }, schema: { tags, summary: '畅捷通授权：获取授权链接', body: firmIdSchema } },
    async (request) => {
      const ready = need();
      const actor = actorOf(sessionOf(request));
      const company = await requireCompany(app.db, actor, request.body.firmId);
      return ok(
        await createAuthorisation(ready, { groupId: actor.groupId, userId: actor.userId, companyId: company.id }),
      );
    },
  );

  // The page Chanjet redirects to hands over ?code=&state=; this exchanges it and pulls the months.
  app.post(
    `${base}/shyAuthorization`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: '畅捷通授权：提交授权码并拉取、导入财务报表',
        body: z.object({
          state: z.string().trim().min(1, '缺少授权状态参数').max(128),
          code: z.string().trim().min(1, '缺少畅捷通授权码').max(512),
          periodFrom: periodSchema,
          periodTo: periodSchema,
        }),
      },
    },
    async (request) => {
      const ready = need();
      const actor = actorOf(sessionOf(request));
      const months = monthsBetween(request.body.periodFrom, request.body.periodTo);
      const row = await findAuthorisation(app.db, actor.groupId, { oauthState: request.body.state });
      await requireCompany(app.db, actor, Number(row.company_id));
      const done = await authoriseAndPull(ready, row, { code: request.body.code, months, userId: actor.userId });
      return ok(done, `已授权，正在导入 ${months.length} 个月的财务报表`);
    },
  );

  app.get(
    `${base}/findAllReport`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: '畅捷通授权记录（分页）',
        querystring: pageQuerySchema.extend({ firmId: z.coerce.number().int().positive().optional() }),
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const { page, size, firmId } = request.query;
      if (firmId !== undefined) await requireCompany(app.db, actor, firmId);
      return ok(await listAuthorisations(app.db, actor.groupId, firmId ?? null, page, size));
    },
  );

  app.get(
    `${base}/findAllReportChild`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: '一次畅捷通授权拉取的报表导入', querystring: authIdSchema },
    },
    async (request) => {
      const { actor, row } = await scoped(request, request.query.authId);
      return ok(await pulledImports(app.db, actor.groupId, row.import_ids.map(Number)));
    },
  );

  app.get(
    `${base}/findReportCreatAll`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: '企业经畅捷通拉取的全部报表导入', querystring: firmIdSchema },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const company = await requireCompany(app.db, actor, request.query.firmId);
      const rows = await app.db
        .selectFrom('chanjet_authorisations')
        .select('import_ids')
        .where('group_id', '=', actor.groupId)
        .where('company_id', '=', company.id)
        .execute();
      return ok(
        await pulledImports(
          app.db,
          actor.groupId,
          rows.flatMap((row) => row.import_ids.map(Number)),
        ),
      );
    },
  );

  app.post(
    `${base}/reportAuthClose`,
    { config: { access: MANAGE }, schema: { tags, summary: '畅捷通授权：关闭授权', body: authIdSchema } },
    async (request) => {
      const ready = need();
      const { row } = await scoped(request, request.body.authId);
      return ok(await closeAuthorisation(ready, row), '已关闭授权');
    },
  );
}
