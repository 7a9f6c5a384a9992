import { firmIdSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { requireCompany } from '../companies/companies.service.js';
import {
  advance,
  type CollectionDeps,
  cancelSession,
  findSession,
  smsLogin,
  startLogin,
} from './collection.service.js';
import { JumdataConnector } from './jumdata.connector.js';
import { FALLBACK_REGION, PREFERRED_REGIONS } from './tax-data.connector.js';

const tags = ['collection'];
const base = '/api/report';
const MANAGE = { permission: 'firmManage' } as const;
export const NOT_CONFIGURED = '未配置授权采集服务，请使用文件导入，或把客户上传链接发给客户自行上传';

const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '期间格式应为 2024-01');
const loginSchema = firmIdSchema.extend({
  account: z.string().trim().min(1, '请填写电子税务局登录账号').max(64),
  password: z.string().max(64).optional(),
  periodFrom: periodSchema,
  periodTo: periodSchema,
});
const sessionSchema = z.object({ sessionId: z.coerce.number().int().positive('授权记录编号不正确') });

/** The aggregator configured by env, or null: then every call but connectorInfo answers NOT_CONFIGURED. */
export function connectorDeps(app: AppInstance): CollectionDeps | null {
  const config = app.config;
  if (config.TAX_CONNECTOR_PROVIDER !== 'jumdata') return null;
  return {
    db: app.db,
    storage: app.storage,
    boss: app.boss,
    connector: new JumdataConnector({
      baseUrl: config.TAX_CONNECTOR_URL as string,
      appId: config.TAX_CONNECTOR_APP_ID as string,
      appSecret: config.TAX_CONNECTOR_APP_SECRET as string,
      paths: config.TAX_CONNECTOR_PATHS,
    }),
    provider: config.TAX_CONNECTOR_PROVIDER,
    maxSessions: config.TAX_CONNECTOR_MAX_SESSIONS,
    authMinutes: config.TAX_CONNECTOR_AUTH_MINUTES,
    collectMinutes: config.TAX_CONNECTOR_COLLECT_MINUTES,
  };
}

export async function collectionRoutes(app: AppInstance) {
  const deps = connectorDeps(app);
  const need = (): CollectionDeps => {
    if (!deps) throw new AppError('VALIDATION', NOT_CONFIGURED);
    return deps;
  };
  const sessionAndCompany = async (request: { query?: unknown; body?: unknown }, sessionId: number) => {
    const actor = actorOf(sessionOf(request as never));
    const row = await findSession(app.db, actor.groupId, sessionId);
    const company = await requireCompany(app.db, actor, row.company_id);
    return { row, company };
  };

  app.get(
    `${base}/connectorInfo`,
    { config: { access: MANAGE }, schema: { tags, summary: '授权采集是否已配置、由谁采集' } },
    async () =>
      ok({
        configured: deps !== null,
        label: deps?.connector.label ?? null,
        notice: deps?.connector.notice ?? null,
        message: deps ? null : NOT_CONFIGURED,
        regions: [...PREFERRED_REGIONS, FALLBACK_REGION],
      }),
  );

  // taxLogin is the spec's name for an account login from the 全景报告 pages: the same SMS login.
  for (const [url, method] of [
    [`${base}/getSmsCode`, 'sms'],
    ['/api/BusinessPanoramicReport/taxLogin', 'sms'],
    [`${base}/getLoginQRCodeUrl`, 'qr'],
  ] as const) {
    app.post(
      url,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary: method === 'sms' ? '账号登录：发送短信验证码' : '扫码登录：获取二维码',
          body: loginSchema,
        },
      },
      async (request) => {
        const ready = need();
        const actor = actorOf(sessionOf(request));
        const company = await requireCompany(app.db, actor, request.body.firmId);
        const { firmId: _firmId, ...input } = request.body;
        const session = await startLogin(
          ready,
          { groupId: actor.groupId, userId: actor.userId, company },
          { method, ...input },
        );
        return ok(session, method === 'sms' ? '发送成功' : 'success');
      },
    );
  }

  // authorizationLogin and taxAuthCodeLongin are the spec's other names for submitting the code.
  for (const url of [
    `${base}/authLongin`,
    `${base}/authorizationLogin`,
    '/api/BusinessPanoramicReport/taxAuthCodeLongin',
  ]) {
    app.post(
      url,
      {
        config: { access: MANAGE },
        schema: {
          tags,
          summary: '账号登录：提交短信验证码（spec 拼写 authLongin）',
          body: sessionSchema.extend({
            code: z
              .string()
              .trim()
              .regex(/^\d{6}$/, '请输入6位短信验证码'),
          }),
        },
      },
      async (request) => {
        const ready = need();
        const { row, company } = await sessionAndCompany(request, request.body.sessionId);
        return ok(await smsLogin(ready, row, company.tax_no, request.body.code));
      },
    );
  }

  // qrCodeLogin and qrCodeAuthorizationLogin are the spec's names for polling a QR login.
  for (const path of ['findAuthState', 'qrCodeLogin', 'qrCodeAuthorizationLogin']) {
    app.get(
      `${base}/${path}`,
      {
        config: { access: MANAGE },
        schema: { tags, summary: '授权与采集进度（页面轮询）', querystring: sessionSchema },
      },
      async (request) => {
        const ready = need();
        const { row, company } = await sessionAndCompany(request, request.query.sessionId);
        return ok(await advance(ready, row, company.tax_no));
      },
    );
  }

  app.post(
    `${base}/cancelOperation`,
    { config: { access: MANAGE }, schema: { tags, summary: '取消授权采集', body: sessionSchema } },
    async (request) => {
      const ready = need();
      const { row } = await sessionAndCompany(request, request.body.sessionId);
      return ok(await cancelSession(ready, row), '已取消');
    },
  );
}
