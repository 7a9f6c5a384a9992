import {
  createPartnerInviteSchema,
  pageQuerySchema,
  partnerInfoQuery,
  partnerInviteInfoSchema,
  partnerInvitePageSchema,
  partnerInviteSchema,
  partnerRewardSchema,
  partnerSignupPageSchema,
  revokePartnerInviteSchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import {
  createInvite,
  type InviteActor,
  inviteInfo,
  listInvites,
  listSignups,
  readReward,
  revokeInvite,
  setReward,
} from './partners.service.js';

const tags = ['PartnerInviteRecord'];
const base = '/api/PartnerInviteRecord';
// Inviting another firm speaks for the firm: the main account's.
const MAIN_ACCOUNT = { permission: null, levels: [1] } as const;

function actor(request: FastifyRequest): InviteActor {
  const session = sessionOf(request);
  return { userId: session.userId, groupId: session.groupId as number };
}

/** Partner invitations (spec §7): links, the firms that signed up through them, and the reward. */
export async function partnersRoutes(app: AppInstance) {
  const baseUrl = (request: FastifyRequest) => app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

  app.post(
    `${base}/create`,
    {
      config: { access: MAIN_ACCOUNT },
      schema: {
        tags,
        summary: '生成邀请合作机构的链接',
        body: createPartnerInviteSchema,
        response: { 200: envelope(partnerInviteSchema) },
      },
    },
    async (request) => ok(await createInvite(app.db, actor(request), request.body.note, baseUrl(request)), '已生成'),
  );

  app.get(
    `${base}/list`,
    {
      config: { access: MAIN_ACCOUNT },
      schema: {
        tags,
        summary: '邀请链接列表',
        querystring: pageQuerySchema,
        response: { 200: envelope(partnerInvitePageSchema) },
      },
    },
    async (request) => ok(await listInvites(app.db, actor(request).groupId, request.query.page, request.query.size)),
  );

  app.post(
    `${base}/revoke`,
    {
      config: { access: MAIN_ACCOUNT },
      schema: { tags, summary: '停用邀请链接', body: revokePartnerInviteSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await revokeInvite(app.db, actor(request), request.body.id);
      return ok(null, '已停用');
    },
  );

  app.get(
    `${base}/signups`,
    {
      config: { access: MAIN_ACCOUNT },
      schema: {
        tags,
        summary: '通过邀请注册的机构与奖励',
        querystring: pageQuerySchema,
        response: { 200: envelope(partnerSignupPageSchema) },
      },
    },
    async (request) => ok(await listSignups(app.db, actor(request).groupId, request.query.page, request.query.size)),
  );

  app.get(
    `${base}/info`,
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '注册页：邀请方名称与链接是否有效',
        querystring: partnerInfoQuery,
        response: { 200: envelope(partnerInviteInfoSchema) },
      },
    },
    async (request) => ok(await inviteInfo(app.db, request.query.invite)),
  );

  app.get(
    `${base}/reward`,
    {
      config: { access: MAIN_ACCOUNT },
      schema: { tags, summary: '每成功邀请一家机构的奖励', response: { 200: envelope(partnerRewardSchema) } },
    },
    async () => ok(await readReward(app.db)),
  );

  app.get(
    '/api/operator/partnerInvite/reward',
    {
      config: { access: operatorAccess('ops') },
      schema: { tags: ['operator'], summary: '邀请奖励设置', response: { 200: envelope(partnerRewardSchema) } },
    },
    async () => ok(await readReward(app.db)),
  );

  app.post(
    '/api/operator/partnerInvite/reward',
    {
      config: { access: operatorAccess('ops') },
      schema: {
        tags: ['operator'],
        summary: '设置邀请奖励（报告类型与次数，0 为不奖励）',
        body: partnerRewardSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await setReward(app.db, sessionOf(request).userId, request.body);
      return ok(null, '已保存');
    },
  );
}
