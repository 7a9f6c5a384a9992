import {
  balanceToNumResultSchema,
  balanceToNumSchema,
  givingSchema,
  overviewSchema,
  takeBackSchema,
  transferResultSchema,
  walletQuerySchema,
  walletSchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { MY_PAGES, TRANSFER } from './billing.policy.js';
import { balanceToCredits, overview, transfer, walletView } from './wallet.service.js';

const tags = ['UserAssets'];
const actor = (request: FastifyRequest) => actorOf(sessionOf(request));

export async function walletRoutes(app: AppInstance) {
  app.get(
    '/api/UserAssets/blanceByUserId',
    {
      config: { access: MY_PAGES },
      schema: {
        tags,
        summary: '余额与各类次数（自己，或可查看的子账号）；无 viewBalance 时 balance 为 null',
        querystring: walletQuerySchema,
        response: { 200: envelope(walletSchema) },
      },
    },
    async (request) => ok(await walletView(app.db, actor(request), request.query.userId)),
  );

  app.get(
    '/api/UserAssets/dataOverview',
    {
      config: { access: MY_PAGES },
      schema: {
        tags,
        summary: '账户概览：余额、次数、本月消费与充值；无 viewBalance 时金额为 null',
        response: { 200: envelope(overviewSchema) },
      },
    },
    async (request) => ok(await overview(app.db, actor(request))),
  );

  app.post(
    '/api/userInfo/giving',
    {
      config: { access: TRANSFER },
      schema: {
        tags: ['userInfo'],
        summary: '划拨余额（分）或次数给子账号',
        body: givingSchema,
        response: { 200: envelope(transferResultSchema) },
      },
    },
    async (request) => {
      const { toUserId, ...amount } = request.body;
      return ok(await transfer(app.db, actor(request), 'give', { otherUserId: toUserId, ...amount }), '划拨成功');
    },
  );

  app.post(
    '/api/userInfo/takeBack',
    {
      config: { access: TRANSFER },
      schema: {
        tags: ['userInfo'],
        summary: '从子账号收回余额（分）或次数到自己的账户',
        body: takeBackSchema,
        response: { 200: envelope(transferResultSchema) },
      },
    },
    async (request) => {
      const { fromUserId, ...amount } = request.body;
      return ok(
        await transfer(app.db, actor(request), 'take_back', { otherUserId: fromUserId, ...amount }),
        '收回成功',
      );
    },
  );

  app.post(
    '/api/UserAssets/balanceToNum',
    {
      config: { access: MY_PAGES },
      schema: {
        tags,
        summary: '用余额按当前单价兑换报告次数（次数 × 单价）',
        body: balanceToNumSchema,
        response: { 200: envelope(balanceToNumResultSchema) },
      },
    },
    async (request) => ok(await balanceToCredits(app.db, actor(request), request.body), '兑换成功'),
  );
}
