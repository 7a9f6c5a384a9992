import {
  dailyFigureSchema,
  dailyFiguresQuerySchema,
  operatorOrderSchema,
  operatorOrdersQuerySchema,
  operatorPackageSchema,
  pageSchema,
  refundOrderSchema,
  setDefaultPriceSchema,
} from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { invalid } from '../../lib/app-error.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { writeAudit } from '../../plugins/operator-audit.js';
import { dailyFigures, listOrders } from './money.repo.js';
import { allPackages, defaultPrices, refundOrder, setDefaultPrice } from './money.service.js';

const tags = ['operator'];
const READ = operatorAccess('finance', 'ops');
const FINANCE = operatorAccess('finance');
const OPS = operatorAccess('ops');
const MAX_DAYS = 366;

/** Operator console, money: orders and refunds, packages and default prices, daily figures. */
export async function operatorMoneyRoutes(app: AppInstance) {
  app.get(
    '/api/operator/money/orders',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: '全部订单（订单号、集团、手机号；状态含已退款）',
        querystring: operatorOrdersQuerySchema,
        response: { 200: envelope(pageSchema(operatorOrderSchema)) },
      },
    },
    async (request) => ok(await listOrders(app.db, request.query)),
  );

  app.post(
    '/api/operator/money/refund',
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary: '订单退款：收回订单所给的余额与次数（记流水），登记退款；款项线下退回',
        body: refundOrderSchema,
        response: { 200: envelope(z.object({ orderId: z.number().int(), amountFen: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await refundOrder(app.db, sessionOf(request).userId, request.body, (tx, note) => writeAudit(tx, request, note)),
        '已退款',
      ),
  );

  app.get(
    '/api/operator/money/catalogue',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: '全部套餐（含已下架）与默认报告单价',
        response: {
          200: envelope(
            z.object({
              packages: z.array(operatorPackageSchema),
              prices: z.array(z.object({ creditType: z.number().int(), priceFen: z.number().int() })),
            }),
          ),
        },
      },
    },
    async () => ok({ packages: await allPackages(app.db), prices: await defaultPrices(app.db) }),
  );

  app.post(
    '/api/operator/money/setDefaultPrice',
    {
      config: { access: OPS },
      schema: {
        tags,
        summary: '设置报告默认单价（分）',
        body: setDefaultPriceSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await setDefaultPrice(app.db, request.body, (tx, note) => writeAudit(tx, request, note));
      return ok(null, '已保存');
    },
  );

  app.get(
    '/api/operator/money/daily',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: '每日收入、退款与报告消耗（余额、次数），按北京时间',
        querystring: dailyFiguresQuerySchema,
        response: { 200: envelope(z.array(dailyFigureSchema)) },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (days < 0) throw invalid({ to: '结束日期不能早于开始日期' });
      if (days > MAX_DAYS) throw invalid({ to: '一次最多查询 366 天' });
      return ok(await dailyFigures(app.db, from, to));
    },
  );
}
