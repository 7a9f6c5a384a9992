import { loginRequestSchema, sessionUserSchema } from '@taxlens/shared';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { fastSerializerCompiler } from '../../lib/fast-serializer.js';
import { sessionOf } from '../../plugins/access.js';
import { withGroupLogo } from '../reports/report-images.js';
import { presentSessionUser } from './auth.presenter.js';
import { loginWithPassword, loginWithSmsCode } from './auth.service.js';
import { revokeSession } from './session.service.js';

const tags = ['userInfo'];

export async function authRoutes(app: AppInstance) {
  app.post(
    '/api/userInfo/login',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '登录（手机号+密码，或手机号+短信验证码）',
        body: loginRequestSchema,
        response: { 200: envelope(sessionUserSchema) },
      },
    },
    async (request) => {
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const { phone, pwd, code } = request.body;
      const ttl = app.config.SESSION_TTL_HOURS;
      const user =
        pwd !== undefined
          ? await loginWithPassword(app.db, ttl, { phone, pwd }, meta)
          : await loginWithSmsCode(app.db, ttl, { phone, code: code ?? '' }, meta);
      return ok(withGroupLogo(user), '登录成功');
    },
  );

  app.get(
    '/api/userInfo/findUserLoginInfo',
    {
      config: { access: { permission: null, allowNoGroup: true } },
      schema: {
        tags,
        summary: '当前登录用户',
        security: [{ token: [] }],
        response: { 200: envelope(sessionUserSchema) },
      },
      // Every page asks for it: written by fast-json-stringify, not zod (issue 21).
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => {
      const session = sessionOf(request);
      const token = String(request.headers.token ?? '');
      // The access hook read the user, group and wallet with the session: no second query.
      return ok(withGroupLogo(presentSessionUser(session.user, token, session.loginTime)));
    },
  );

  app.post(
    '/api/userInfo/logout',
    {
      config: { access: { permission: null, allowNoGroup: true } },
      schema: {
        tags,
        summary: '退出登录（吊销当前令牌）',
        security: [{ token: [] }],
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await revokeSession(app.db, sessionOf(request).sessionId);
      return ok(null, '已退出登录');
    },
  );
}
