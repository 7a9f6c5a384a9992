/**
 * The operator's side of invoice checks: how a check is charged (price from the balance or one
 * 发票鉴伪次数; the default and per-group settings) and the check credits of an account.
 */
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { adjustWalletByPhone } from '../billing/operator.service.js';
import { CHECK_CREDIT_ASSET } from '../billing/wallet.repo.js';
import { chargeFor } from './verification.charge.js';
import { setPrice } from './verification.repo.js';

const priceBodySchema = z.object({
  /** A group's own setting; omitted or null sets the default of every group without one. */
  groupId: z.number().int().positive().nullable().optional(),
  /** Fen; null removes a group's own setting (it then pays as the default says). */
  priceFen: z.number().int().min(0, '价格不能为负').max(10_000_000).nullable(),
  /** 'price' (default): the price from the balance; 'credit': one 发票鉴伪次数 a check. */
  chargeMode: z.enum(['price', 'credit'], { error: '计费方式应为 price 或 credit' }).optional(),
});

const chargeSchema = z.object({ priceFen: z.number().int(), chargeMode: z.enum(['price', 'credit']) });

const creditsBodySchema = z.object({
  /** The account, by its phone number (what the operator has at hand). */
  phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '请输入正确的手机号'),
  /** Check credits to add (positive) or take back (negative). */
  delta: z
    .number()
    .int()
    .refine((value) => value !== 0, '调整次数不能为 0'),
  reason: z.string().trim().min(1, '请填写调整原因').max(200),
});

const settingsSchema = z.object({
  default: chargeSchema,
  groups: z.array(chargeSchema.extend({ groupId: z.number().int(), groupName: z.string() })),
});

export async function operatorPriceRoutes(app: AppInstance) {
  app.get(
    '/api/operator/verification/price',
    {
      config: { access: operatorAccess('ops', 'finance') },
      schema: {
        tags: ['operator'],
        summary: '发票鉴伪计费设置：默认设置与各集团的专属设置',
        response: { 200: envelope(settingsSchema) },
      },
    },
    async () => {
      const rows = await app.db
        .selectFrom('invoice_check_prices as p')
        .leftJoin('groups as g', 'g.id', 'p.group_id')
        .select(['p.group_id', 'g.name', 'p.price_fen', 'p.charge_mode'])
        .orderBy('p.group_id')
        .execute();
      const fallback = rows.find((row) => row.group_id === null);
      return ok({
        default: { priceFen: Number(fallback?.price_fen ?? 0), chargeMode: fallback?.charge_mode ?? 'price' },
        groups: rows
          .filter((row) => row.group_id !== null)
          .map((row) => ({
            groupId: Number(row.group_id),
            groupName: row.name ?? '',
            priceFen: Number(row.price_fen),
            chargeMode: row.charge_mode,
          })),
      });
    },
  );

  app.post(
    '/api/operator/verification/price',
    {
      config: { access: operatorAccess('ops') },
      schema: {
        tags: ['operator'],
        summary:
          '设置发票鉴伪计费：每张价格（分）或按次数扣费；默认设置，或某集团的专属设置（priceFen 为 null 删除专属设置）',
        body: priceBodySchema,
        response: { 200: envelope(chargeSchema) },
      },
    },
    async (request) => {
      const { groupId = null, priceFen, chargeMode } = request.body;
      if (groupId === null && priceFen === null) throw new AppError('VALIDATION', '默认价格不能为空');
      if (groupId !== null) {
        const group = await app.db.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst();
        if (!group) throw notFound('集团不存在');
      }
      await setPrice(app.db, groupId, priceFen, chargeMode ?? 'price');
      const charge = await chargeFor(app.db, groupId);
      return ok({ priceFen: charge.priceFen, chargeMode: charge.mode });
    },
  );

  app.post(
    '/api/operator/verification/credits',
    {
      config: { access: operatorAccess('finance') },
      schema: {
        tags: ['operator'],
        summary: '调整账号的发票鉴伪次数（记一条流水；不可调为负数）',
        body: creditsBodySchema,
      },
    },
    async (request) => {
      const { phone, delta, reason } = request.body;
      const moved = await adjustWalletByPhone(app.db, sessionOf(request).userId, {
        phone,
        asset: CHECK_CREDIT_ASSET,
        delta,
        reason,
      });
      return ok({ checkCredits: moved.after }, '已调整');
    },
  );
}
