import { changePhoneSchema, serviceRightsSchema, userRightsSchema } from '@taxlens/shared';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { loadSessionUser } from '../auth/auth.service.js';
import { changePhone } from './phone.service.js';

const tags = ['userInfo'];
const SIGNED_IN_ANY = { permission: null, allowNoGroup: true } as const;

/** The account calls of spec §7 around rights and the phone number. */
export async function rightsRoutes(app: AppInstance) {
  const sessionUser = (request: Parameters<typeof sessionOf>[0]) => {
    const session = sessionOf(request);
    return loadSessionUser(app.db, session.userId, '', session.loginTime);
  };

  app.get(
    '/api/userInfo/getServiceRights',
    {
      config: { access: SIGNED_IN_ANY },
      schema: { tags, summary: '集团的服务权益（数据、发票、导图）', response: { 200: envelope(serviceRightsSchema) } },
    },
    async (request) => ok((await sessionUser(request)).serviceRights),
  );

  app.get(
    '/api/userInfo/findUserRights',
    {
      config: { access: SIGNED_IN_ANY },
      schema: { tags, summary: '当前用户可用的功能与开关', response: { 200: envelope(userRightsSchema) } },
    },
    async (request) => ok(userRightsSchema.parse(await sessionUser(request))),
  );

  app.post(
    '/api/userInfo/updatePhone',
    {
      config: { access: SIGNED_IN_ANY },
      schema: {
        tags,
        summary: '更换手机号（新号码的验证码，type 5）',
        body: changePhoneSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await changePhone(app.db, sessionOf(request), request.body);
      return ok(null, '设置成功');
    },
  );
}
