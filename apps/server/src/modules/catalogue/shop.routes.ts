import { phoneSchema, SHOP_MESSAGES, SHOP_SCENES } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { PAY } from '../billing/billing.policy.js';
import { buyItem } from './shop.service.js';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

const buyBody = z.object({
  scene: z.enum(SHOP_SCENES, { error: '参数错误' }),
  deliveryId: z.number({ error: '参数错误' }).int().positive(),
  requestKey: z
    .string({ error: '缺少请求号' })
    .trim()
    .min(8, '请求号格式不正确')
    .max(64, '请求号格式不正确')
    .regex(/^[\w-]+$/, '请求号格式不正确'),
  contactName: optionalText(20, '联系人最多20个字'),
  contactPhone: phoneSchema.optional().or(z.literal('').transform(() => undefined)),
  remark: optionalText(200, '备注最多200个字'),
});

/**
 * Buying from the product centre or the mall: the item's price from the buyer's balance (billing's
 * wallet and ledger). Placing it needs the `pay` right, like billing's orders (spec §6).
 */
export async function shopRoutes(app: AppInstance) {
  app.post(
    '/api/DataServerDelivery/buy',
    {
      config: { access: PAY },
      schema: { tags: ['data-view'], summary: '用余额购买产品中心/商城的商品', body: buyBody },
    },
    async (request) => {
      const session = sessionOf(request);
      const actor = actorOf(session);
      const body = request.body as z.infer<typeof buyBody>;
      const bought = await buyItem(
        app.db,
        { ...actor, phone: session.user.phone, nickName: session.user.nick_name ?? null },
        body,
      );
      return ok(bought, SHOP_MESSAGES.bought);
    },
  );
}
