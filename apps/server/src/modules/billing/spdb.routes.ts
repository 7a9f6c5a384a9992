import { bankInfoSchema, orderIdSchema, PAY_METHODS, payInstructionSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { BANK_NOTIFY_PATH, type BankOnlineGateway, createBankOnlineGateway, pemKey } from './bank-online.gateway.js';
import { PAY } from './billing.policy.js';
import type { BillingDeps } from './billing.routes.js';
import { payInstruction } from './orders.service.js';
import { settleNotification } from './payments.service.js';

const tags = ['Order'];
const SIGNED_IN: RouteAccess = { permission: null };

/** The online-banking gateway of this deployment, or null when BANK_GATEWAY_MERCHANT_ID is unset. */
export function bankGatewayFromConfig(config: Config): BankOnlineGateway | null {
  const merchantId = config.BANK_GATEWAY_MERCHANT_ID;
  if (!merchantId || !config.BANK_GATEWAY_MERCHANT_KEY || !config.BANK_GATEWAY_BANK_KEY || !config.PUBLIC_URL)
    return null;
  const formUrl = config.BANK_GATEWAY_MODE === 'test' ? config.BANK_GATEWAY_TEST_URL : config.BANK_GATEWAY_PROD_URL;
  if (!formUrl) return null;
  return createBankOnlineGateway({
    mode: config.BANK_GATEWAY_MODE,
    formUrl,
    merchantId,
    bankName: config.BANK_GATEWAY_BANK_NAME,
    merchantKey: pemKey(config.BANK_GATEWAY_MERCHANT_KEY, 'private'),
    bankKey: pemKey(config.BANK_GATEWAY_BANK_KEY, 'public'),
    notifyUrl: new URL(BANK_NOTIFY_PATH, config.PUBLIC_URL).toString(),
  });
}

/** A merchant number shows its last four characters only. */
const maskMerchant = (id: string) => (id.length > 4 ? `${'*'.repeat(id.length - 4)}${id.slice(-4)}` : id);

/** Spec §7 bank payment: /api/spdb/bankInfo, /api/spdb/wbzf and the bank's notification. */
export async function spdbRoutes(app: AppInstance, deps: BillingDeps) {
  const gateway = deps.gateways.bank_online as BankOnlineGateway | undefined;

  app.get(
    '/api/spdb/bankInfo',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '网银支付是否开通、所连银行环境（测试/生产）',
        response: { 200: envelope(bankInfoSchema) },
      },
    },
    async () =>
      ok({
        configured: Boolean(gateway),
        bankName: gateway?.settings.bankName ?? null,
        mode: gateway?.settings.mode ?? null,
        formUrl: gateway?.settings.formUrl ?? null,
        merchantId: gateway ? maskMerchant(gateway.settings.merchantId) : null,
        offered: PAY_METHODS.filter((method) => deps.gateways[method]),
      }),
  );

  app.post(
    '/api/spdb/wbzf',
    {
      config: { access: PAY },
      schema: {
        tags,
        summary: '网银支付：返回提交到银行网关的签名表单（自己的待支付网银订单）',
        body: orderIdSchema,
        response: { 200: envelope(payInstructionSchema) },
      },
    },
    async (request) => {
      if (!gateway) throw new AppError('NOT_FOUND', '网银支付未开通，请选择其他支付方式');
      const instruction = await payInstruction(
        app.db,
        deps.gateways,
        actorOf(sessionOf(request)),
        request.body.orderId,
      );
      if (instruction.payMethod !== 'bank_online') throw new AppError('VALIDATION', '该订单不是网银支付订单');
      return ok(instruction);
    },
  );

  if (!gateway) return;
  // The bank posts here twice: server to server, and through the payer's browser on the way back.
  // Both are trusted only through the bank's signature; the browser is then sent to the order's result.
  app.post(
    BANK_NOTIFY_PATH,
    {
      config: { access: { public: true } },
      schema: { tags, summary: '网银支付通知（银行签名）', body: z.record(z.string(), z.unknown()), hide: true },
    },
    async (request, reply) => {
      const log = (message: string, data: Record<string, unknown>) => request.log.warn(data, message);
      const browser = String(request.headers.accept ?? '').includes('text/html');
      try {
        const settled = await settleNotification(app.db, gateway, request.body, log);
        if (!browser) return ok(settled);
      } catch (error) {
        if (!browser) throw error;
      }
      const orderNo = String(request.body.Plain ?? '').match(/(?:^|\|)TermSsn=([^|]{1,64})/)?.[1];
      const order = orderNo
        ? await app.db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirst()
        : undefined;
      return reply.redirect(order ? `/pay?orderId=${order.id}` : '/pay', 303);
    },
  );
}
