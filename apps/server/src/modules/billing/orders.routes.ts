import {
  buyConfigQuerySchema,
  buyConfigSchema,
  discountBannerSchema,
  LIMITS,
  orderIdSchema,
  orderListQuerySchema,
  orderSchema,
  packageSchema,
  pageSchema,
  payInstructionSchema,
  payStateSchema,
  priceItemSchema,
  topUpRightsSchema,
  unifiedOrderSchema,
} from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { discountBanner, discountEligible } from '../promotions/promotions.service.js';
import { MY_PAGES, PAY } from './billing.policy.js';
import type { BillingDeps } from './billing.routes.js';
import {
  buyConfig,
  cancelOrder,
  exportOrders,
  orderList,
  payInstruction,
  payState,
  placeOrder,
  topUpRights,
} from './orders.service.js';
import { settleNotification } from './payments.service.js';
import { SANDBOX_NOTIFY_PATH } from './sandbox.gateway.js';

const tags = ['Order'];
const SIGNED_IN: RouteAccess = { permission: null };

export async function ordersRoutes(app: AppInstance, deps: BillingDeps) {
  const actor = (request: Parameters<typeof sessionOf>[0]) => actorOf(sessionOf(request));

  app.get(
    '/api/SendMsgByReport/findBuyConfig',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '报告价格与在售套餐；type=7 为首页限时优惠横幅（isBecomeDue、isRead、list）',
        querystring: buyConfigQuerySchema,
        response: { 200: envelope(buyConfigSchema.extend(discountBannerSchema.partial().shape)) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const config = await buyConfig(app.db, actor(request).groupId, discountEligible(session));
      // Type 7 (spec §9) is the home page's banner request: the prices plus the discount banner of spec §3.
      if (request.query.type !== LIMITS.bannerRequestType) return ok(config);
      return ok({ ...config, ...(await discountBanner(app.db, session)) });
    },
  );

  app.get(
    '/api/Order/findBuyConfigList',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '在售套餐与报告单价（分）',
        response: { 200: envelope(z.object({ packages: z.array(packageSchema), prices: z.array(priceItemSchema) })) },
      },
    },
    async (request) => ok(await buyConfig(app.db, actor(request).groupId, discountEligible(sessionOf(request)))),
  );

  app.get(
    '/api/Order/findtopUpRights',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '当前用户的充值权限与支付方式', response: { 200: envelope(topUpRightsSchema) } },
    },
    async (request) => ok(topUpRights(actor(request), deps.gateways)),
  );

  app.post(
    '/api/Order/unifiedOrder',
    {
      config: { access: PAY },
      schema: {
        tags,
        summary: '下单：购买套餐 { packageId } 或充值 { amountFen }，返回收银台地址或对公转账信息',
        body: unifiedOrderSchema,
        response: { 200: envelope(payInstructionSchema) },
      },
    },
    async (request) =>
      ok(
        await placeOrder(app.db, deps.gateways, actor(request), request.body, discountEligible(sessionOf(request))),
        '下单成功',
      ),
  );

  app.get(
    '/api/Order/findPayState',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '订单支付状态（轮询）',
        querystring: orderIdSchema,
        response: { 200: envelope(payStateSchema) },
      },
    },
    async (request) => ok(await payState(app.db, actor(request), request.query.orderId)),
  );

  app.get(
    '/api/Order/payInstruction',
    {
      config: { access: PAY },
      schema: {
        tags,
        summary: '继续支付自己的待支付订单：再次返回收银台地址或对公转账信息',
        querystring: orderIdSchema,
        response: { 200: envelope(payInstructionSchema) },
      },
    },
    async (request) => ok(await payInstruction(app.db, deps.gateways, actor(request), request.query.orderId)),
  );

  app.post(
    '/api/Order/cancelOrder',
    {
      config: { access: PAY },
      schema: { tags, summary: '取消待支付订单', body: orderIdSchema, response: { 200: envelope(payStateSchema) } },
    },
    async (request) => ok(await cancelOrder(app.db, actor(request), request.body.orderId), '订单已取消'),
  );

  app.get(
    '/api/Order/findOrderList',
    {
      config: { access: MY_PAGES },
      schema: {
        tags,
        summary: '订单列表（主账号看全集团，其他账号看自己的）',
        querystring: orderListQuerySchema,
        response: { 200: envelope(pageSchema(orderSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.query;
      return ok(await orderList(app.db, actor(request), filters, { page, size }));
    },
  );

  app.get(
    '/api/Order/exportOrderList',
    {
      config: { access: MY_PAGES },
      schema: { tags, summary: '导出订单列表（Excel，筛选同订单列表）', querystring: orderListQuerySchema },
    },
    async (request, reply) => {
      const { page: _page, size: _size, ...filters } = request.query;
      return sendXlsx(reply, '订单列表.xlsx', await exportOrders(app.db, actor(request), filters));
    },
  );

  // The gateway's server-to-server callback: public, trusted only through its signature.
  const sandbox = deps.gateways.sandbox;
  if (!sandbox) return;
  app.post(
    SANDBOX_NOTIFY_PATH,
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '沙箱支付回调（HMAC-SHA256 签名）',
        body: z.record(z.string(), z.unknown()),
        response: { 200: envelope(z.object({ outcome: z.string(), orderNo: z.string() })) },
      },
    },
    async (request) => {
      const log = (message: string, data: Record<string, unknown>) => request.log.warn(data, message);
      return ok(await settleNotification(app.db, sandbox, request.body, log));
    },
  );
}
