/**
 * The operator's side of leads: how a search is paid (price from the balance or one 拓客次数), the
 * export limit of the plan (default and per group), and the toker credits of an account.
 */
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { adjustWalletByPhone } from '../billing/operator.service.js';
import { TOKER_CREDIT_ASSET } from '../billing/wallet.repo.js';
import { type TokerPlan, tokerPlanOf } from './toker.charge.js';

const planSchema = z.object({
  chargeMode: z.enum(['price', 'credit']),
  searchPriceFen: z.number().int(),
  exportLimit: z.number().int(),
});

const priceBodySchema = z.object({
  /** A group's own setting; omitted or null sets the default. */
  groupId: z.number().int().positive().nullable().optional(),
  chargeMode: z.enum(['price', 'credit'], { error: '计费方式应为 price 或 credit' }),
  searchPriceFen: z.number().int().min(0, '价格不能为负').max(10_000_000, '单价过高'),
  exportLimit: z.number().int().min(1, '导出上限至少为 1 条').max(100_000, '导出上限最多 100000 条'),
  /** Removes a group's own setting (it then pays as the default says). */
  remove: z.boolean().optional(),
});

export async function tokerOperatorRoutes(app: AppInstance) {
  app.get(
    '/api/operator/toker/price',
    {
      config: { access: operatorAccess('ops', 'finance') },
      schema: {
        tags: ['operator'],
        summary: '智能拓客计费设置：默认设置与各集团的专属设置',
        response: {
          200: envelope(
            z.object({
              default: planSchema,
              groups: z.array(planSchema.extend({ groupId: z.number().int(), groupName: z.string() })),
            }),
          ),
        },
      },
    },
    async () => {
      const rows = await app.db
        .selectFrom('toker_prices as p')
        .leftJoin('groups as g', 'g.id', 'p.group_id')
        .select(['p.group_id', 'g.name', 'p.charge_mode', 'p.search_price_fen', 'p.export_limit'])
        .orderBy('p.group_id')
        .execute();
      const plan = (row: (typeof rows)[number]): TokerPlan => ({
        chargeMode: row.charge_mode,
        searchPriceFen: Number(row.search_price_fen),
        exportLimit: row.export_limit,
      });
      const fallback = rows.find((row) => row.group_id === null);
      return ok({
        default: fallback ? plan(fallback) : await tokerPlanOf(app.db, null),
        groups: rows
          .filter((row) => row.group_id !== null)
          .map((row) => ({ ...plan(row), groupId: Number(row.group_id), groupName: row.name ?? '' })),
      });
    },
  );

  app.post(
    '/api/operator/toker/price',
    {
      config: { access: operatorAccess('ops') },
      schema: {
        tags: ['operator'],
        summary: '设置智能拓客计费：每次搜索的价格（分）或按拓客次数扣费，以及每次导出上限',
        body: priceBodySchema,
        response: { 200: envelope(planSchema) },
      },
    },
    async (request) => {
      const { groupId = null, chargeMode, searchPriceFen, exportLimit, remove } = request.body;
      if (groupId === null && remove) throw new AppError('VALIDATION', '默认设置不能删除');
      if (groupId !== null) {
        const group = await app.db.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst();
        if (!group) throw notFound('集团不存在');
      }
      const values = { charge_mode: chargeMode, search_price_fen: searchPriceFen, export_limit: exportLimit };
      if (remove) {
        await app.db.deleteFrom('toker_prices').where('group_id', '=', groupId).execute();
      } else if (groupId === null) {
        await app.db.updateTable('toker_prices').set(values).where('group_id', 'is', null).execute();
      } else {
        await app.db
          .insertInto('toker_prices')
          .values({ group_id: groupId, ...values })
          .onConflict((conflict) => conflict.column('group_id').where('group_id', 'is not', null).doUpdateSet(values))
          .execute();
      }
      return ok(await tokerPlanOf(app.db, groupId), '已保存');
    },
  );

  app.post(
    '/api/operator/toker/credits',
    {
      config: { access: operatorAccess('finance') },
      schema: {
        tags: ['operator'],
        summary: '调整账号的拓客次数（记一条流水；不可调为负数）',
        body: z.object({
          phone: z
            .string()
            .trim()
            .regex(/^1\d{10}$/, '请输入正确的手机号'),
          delta: z
            .number()
            .int()
            .refine((value) => value !== 0, '调整次数不能为 0'),
          reason: z.string().trim().min(1, '请填写调整原因').max(200),
        }),
        response: { 200: envelope(z.object({ tokerCredits: z.number().int() })) },
      },
    },
    async (request) => {
      const { phone, delta, reason } = request.body;
      const moved = await adjustWalletByPhone(app.db, sessionOf(request).userId, {
        phone,
        asset: TOKER_CREDIT_ASSET,
        delta,
        reason,
      });
      return ok({ tokerCredits: moved.after }, '已调整');
    },
  );
}
