import { sessionUserSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { issuePartnerCode, oauthPartner, redeemPartnerCode, signInFromPartner } from './partner-sso.js';

const tags = ['partnerSso'];

/** Sign-on between the platform and one partner platform, in both directions (spec §7). */
export async function partnerSsoRoutes(app: AppInstance) {
  const partner = oauthPartner(app.config);

  app.post(
    '/api/auvgo/login',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '从合作平台登录（合作平台的一次性授权码）',
        body: z.object({ code: z.string().min(1, '缺少授权码').max(512) }),
        response: { 200: envelope(sessionUserSchema) },
      },
    },
    async (request) => {
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] };
      return ok(await signInFromPartner(app.db, partner, app.config.SESSION_TTL_HOURS, request.body.code, meta));
    },
  );

  app.get(
    '/api/userInfo/szx/auth/code',
    {
      config: { access: { permission: null, allowNoGroup: true } },
      schema: {
        tags,
        summary: '生成登录合作平台的一次性授权码（5 分钟内有效，仅可使用一次）',
        response: { 200: envelope(z.object({ code: z.string(), expiresIn: z.number().int() })) },
      },
    },
    async (request) => ok(await issuePartnerCode(app.db, app.config, sessionOf(request).userId)),
  );

  app.post(
    '/api/partner/sso/token',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '合作平台兑换授权码（client_id + client_secret）',
        body: z.object({
          code: z.string().min(1).max(128),
          client_id: z.string().min(1).max(128),
          client_secret: z.string().min(1).max(256),
        }),
        response: {
          200: envelope(
            z.object({
              userId: z.number().int(),
              phone: z.string(),
              nickName: z.string().nullable(),
              level: z.number().int(),
              groupName: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) =>
      ok(
        await redeemPartnerCode(app.db, app.config, {
          code: request.body.code,
          clientId: request.body.client_id,
          clientSecret: request.body.client_secret,
        }),
      ),
  );
}
