import {
  accountSubjectInfoSchema,
  accountSubjectSchema,
  changePasswordSchema,
  getCodeSchema,
  LIST_HIDDEN_NAMES,
  listHiddenSchema,
  modifyIsHiddenSchema,
  phoneSchema,
  registerSchema,
  resetPasswordSchema,
  sessionUserSchema,
  userDetailsSchema,
} from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { recordSignup } from '../partners/partners.service.js';
import { withGroupLogo } from '../reports/report-images.js';
import { latestOutboxMessage } from '../sms/sms.service.js';
import { actorOf } from './accounts.service.js';
import {
  accountSubject,
  bindAccountSubject,
  changePassword,
  register,
  requestSmsCode,
  resetPassword,
  setListHidden,
  updateAccountSubject,
} from './profile.service.js';
import { userDetails } from './user-details.service.js';

const tags = ['userInfo'];
const SIGNED_IN_ANY = { permission: null, allowNoGroup: true } as const;

export async function profileRoutes(app: AppInstance) {
  app.post(
    '/api/userInfo/getCode',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '发送短信验证码（1 注册 2 登录 3 找回密码 4 修改密码）',
        body: getCodeSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await requestSmsCode(app.db, app.sms, request.body.phone, request.body.type, request.ip || null);
      return ok(null, '发送成功');
    },
  );

  app.get(
    '/api/userInfo/smsOutbox',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '演示模式：查看发往某手机号的最新短信（未配置短信网关时）',
        querystring: z.object({ phone: phoneSchema }),
        response: { 200: envelope(z.object({ content: z.string(), createTime: z.string() }).nullable()) },
      },
    },
    async (request) => {
      if (!app.config.SMS_DEV_OUTBOX || app.sms.name !== 'outbox') throw notFound('接口不存在');
      const message = await latestOutboxMessage(app.db, request.query.phone);
      return ok(message ? { content: message.content, createTime: message.created_at.toISOString() } : null);
    },
  );

  app.post(
    '/api/userInfo/register',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '注册（手机号+验证码+密码）',
        body: registerSchema,
        response: { 200: envelope(sessionUserSchema) },
      },
    },
    async (request) => {
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const user = await register(app.db, app.config.SESSION_TTL_HOURS, request.body, meta);
      if (request.body.invite) await recordSignup(app.db, request.body.invite, user.userId);
      return ok(user, '注册成功');
    },
  );

  app.post(
    '/api/userInfo/resetPwd',
    {
      config: { access: { public: true } },
      schema: { tags, summary: '找回密码', body: resetPasswordSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await resetPassword(app.db, request.body);
      return ok(null, '设置成功');
    },
  );

  app.post(
    '/api/userInfo/updatePwd',
    {
      config: { access: SIGNED_IN_ANY },
      schema: {
        tags,
        summary: '修改密码（验证码+新密码）',
        body: changePasswordSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await changePassword(app.db, sessionOf(request), request.body);
      return ok(null, '设置成功');
    },
  );

  app.post(
    '/api/userInfo/bindAccountSubject',
    {
      config: { access: SIGNED_IN_ANY },
      schema: {
        tags,
        summary: '绑定账户主体（创建集团，成为主账号）',
        body: accountSubjectSchema,
        response: { 200: envelope(z.object({ groupId: z.number().int() })) },
      },
    },
    async (request) => ok(await bindAccountSubject(app.db, sessionOf(request).userId, request.body), '绑定成功'),
  );

  app.get(
    '/api/userInfo/findBindingFirm',
    {
      config: { access: { permission: 'mainBodyInfo' } },
      schema: { tags, summary: '账户主体信息', response: { 200: envelope(accountSubjectInfoSchema) } },
    },
    async (request) => ok(await accountSubject(app.db, actorOf(sessionOf(request)).groupId)),
  );

  app.post(
    '/api/userInfo/updateAccountSubject',
    {
      config: { access: { permission: 'mainBodyInfo', levels: [1] } },
      schema: {
        tags,
        summary: '修改账户主体信息（主账号）',
        body: accountSubjectSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await updateAccountSubject(app.db, actorOf(sessionOf(request)), request.body);
      return ok(null, '保存成功');
    },
  );

  app.get(
    '/api/userInfo/findUserDetails',
    {
      config: { access: SIGNED_IN_ANY },
      schema: {
        tags,
        summary: '当前用户详情（价格、次数、主体、水印、企业）',
        response: { 200: envelope(userDetailsSchema) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return ok(withGroupLogo(await userDetails(app.db, session.userId, session.loginTime)));
    },
  );

  app.post(
    '/api/userInfo/modifyIsHidden',
    {
      config: { access: { permission: null } },
      schema: {
        tags,
        summary: '列表隐藏设置（可同步到其他列表）',
        body: modifyIsHiddenSchema,
        response: { 200: envelope(listHiddenSchema) },
      },
    },
    async (request) => {
      const { hiddenName, isHidden, sync } = request.body;
      const next = await setListHidden(
        app.db,
        sessionOf(request).userId,
        hiddenName,
        isHidden,
        sync,
        LIST_HIDDEN_NAMES,
      );
      return ok(
        listHiddenSchema.parse({ ...Object.fromEntries(LIST_HIDDEN_NAMES.map((name) => [name, 0])), ...next }),
        '设置成功',
      );
    },
  );
}
