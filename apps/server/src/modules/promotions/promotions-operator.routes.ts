import { bannerSaveSchema, discountSaveSchema, promotionIdSchema } from '@taxlens/shared';
import { sql } from 'kysely';
import type { AppInstance } from '../../app.js';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { operatorAccess } from '../../plugins/access.js';
import { noteAudit } from '../../plugins/operator-audit.js';
import { assertImageStored, promotionImageUrl, storePromotionImage } from './promotions.service.js';

const tags = ['operator-promotions'];
// Banners are content; discounts change what customers pay, so they are operations'.
const CONTENT = operatorAccess('content');
const OPS = operatorAccess('ops');

const bannerColumns = (db: Db) =>
  db
    .selectFrom('banners')
    .select([
      'id',
      'title',
      'placement',
      'image_key as imageKey',
      'link_url as linkUrl',
      'starts_at as startsAt',
      'ends_at as endsAt',
      'published',
      'sort',
      'updated_at as updatedAt',
    ]);

const discountColumns = (db: Db) =>
  db
    .selectFrom('discounts')
    .select([
      'id',
      'title',
      'package_id as packageId',
      'rate_pct as ratePct',
      'image_key as imageKey',
      'starts_at as startsAt',
      'ends_at as endsAt',
      'published',
      'updated_at as updatedAt',
    ]);

/** Operator console: banners (内容) and limited-time discounts (运营), every change audited with before/after. */
export async function promotionsOperatorRoutes(app: AppInstance) {
  app.post(
    '/api/operator/promotions/image',
    { config: { access: operatorAccess('content', 'ops') }, schema: { tags, summary: '上传横幅图片' } },
    async (request) => ok(await storePromotionImage(request, app.storage)),
  );

  app.get(
    '/api/operator/banners/list',
    { config: { access: CONTENT }, schema: { tags, summary: '横幅列表' } },
    async () => {
      const rows = await bannerColumns(app.db)
        .select((eb) =>
          eb
            .selectFrom('banner_closes')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('banner_closes.banner_id', '=', 'banners.id')
            .as('closedBy'),
        )
        .orderBy('id', 'desc')
        .execute();
      return ok(rows.map((row) => ({ ...row, imageUrl: promotionImageUrl(row.imageKey) })));
    },
  );

  app.post(
    '/api/operator/banners/save',
    { config: { access: CONTENT }, schema: { tags, summary: '保存横幅', body: bannerSaveSchema } },
    async (request) => {
      const { id, ...input } = request.body;
      await assertImageStored(app.storage, input.imageKey);
      const before = id ? await bannerColumns(app.db).where('id', '=', id).executeTakeFirst() : undefined;
      if (id && !before) throw new AppError('NOT_FOUND', '该横幅不存在或已删除');
      const values = {
        title: input.title,
        placement: input.placement,
        image_key: input.imageKey,
        link_url: input.linkUrl,
        starts_at: new Date(input.startsAt),
        ends_at: new Date(input.endsAt),
        published: input.published,
        sort: input.sort,
        updated_at: new Date(),
        updated_by: request.session?.userId ?? null,
      };
      const saved = id
        ? await app.db.updateTable('banners').set(values).where('id', '=', id).returning('id').executeTakeFirstOrThrow()
        : await app.db.insertInto('banners').values(values).returning('id').executeTakeFirstOrThrow();
      const after = await bannerColumns(app.db).where('id', '=', saved.id).executeTakeFirstOrThrow();
      noteAudit(request, { targetType: 'banner', targetId: saved.id, before: before ?? null, after });
      return ok(after, '已保存');
    },
  );

  app.post(
    '/api/operator/banners/delete',
    { config: { access: CONTENT }, schema: { tags, summary: '删除横幅', body: promotionIdSchema } },
    async (request) => {
      const before = await bannerColumns(app.db).where('id', '=', request.body.id).executeTakeFirst();
      if (!before) throw new AppError('NOT_FOUND', '该横幅不存在或已删除');
      await app.db.deleteFrom('banners').where('id', '=', request.body.id).execute();
      noteAudit(request, { targetType: 'banner', targetId: before.id, before, after: null });
      return ok(null, '已删除');
    },
  );

  app.get(
    '/api/operator/discounts/list',
    { config: { access: OPS }, schema: { tags, summary: '限时优惠列表' } },
    async () => {
      const rows = await discountColumns(app.db)
        .select((eb) => [
          eb
            .selectFrom('packages')
            .select('name')
            .whereRef('packages.id', '=', 'discounts.package_id')
            .as('packageName'),
          eb
            .selectFrom('orders')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('orders.discount_id', '=', 'discounts.id')
            .where('orders.state', '=', 'paid')
            .as('paidOrders'),
        ])
        .orderBy('id', 'desc')
        .execute();
      return ok(rows.map((row) => ({ ...row, imageUrl: row.imageKey ? promotionImageUrl(row.imageKey) : null })));
    },
  );

  app.post(
    '/api/operator/discounts/save',
    { config: { access: OPS }, schema: { tags, summary: '保存限时优惠', body: discountSaveSchema } },
    async (request) => {
      const { id, ...input } = request.body;
      await assertImageStored(app.storage, input.imageKey);
      const pack = await app.db
        .selectFrom('packages')
        .select('id')
        .where('id', '=', input.packageId)
        .where('active', '=', true)
        .executeTakeFirst();
      if (!pack) throw new AppError('VALIDATION', '套餐不存在或已下架', { fields: { packageId: '请选择在售套餐' } });
      const before = id ? await discountColumns(app.db).where('id', '=', id).executeTakeFirst() : undefined;
      if (id && !before) throw new AppError('NOT_FOUND', '该优惠活动不存在或已删除');
      const values = {
        title: input.title,
        package_id: input.packageId,
        rate_pct: input.ratePct,
        image_key: input.imageKey,
        starts_at: new Date(input.startsAt),
        ends_at: new Date(input.endsAt),
        published: input.published,
        updated_at: new Date(),
        updated_by: request.session?.userId ?? null,
      };
      const saved = id
        ? await app.db
            .updateTable('discounts')
            .set(values)
            .where('id', '=', id)
            .returning('id')
            .executeTakeFirstOrThrow()
        : await app.db.insertInto('discounts').values(values).returning('id').executeTakeFirstOrThrow();
      const after = await discountColumns(app.db).where('id', '=', saved.id).executeTakeFirstOrThrow();
      noteAudit(request, { targetType: 'discount', targetId: saved.id, before: before ?? null, after });
      return ok(after, '已保存');
    },
  );

  app.post(
    '/api/operator/discounts/delete',
    { config: { access: OPS }, schema: { tags, summary: '删除限时优惠', body: promotionIdSchema } },
    async (request) => {
      const before = await discountColumns(app.db).where('id', '=', request.body.id).executeTakeFirst();
      if (!before) throw new AppError('NOT_FOUND', '该优惠活动不存在或已删除');
      const used = await app.db
        .selectFrom('orders')
        .select('id')
        .where('discount_id', '=', before.id)
        .executeTakeFirst();
      if (used) throw new AppError('CONFLICT', '已有订单按该优惠下单，不能删除；可改为下线');
      await app.db.deleteFrom('discounts').where('id', '=', before.id).execute();
      noteAudit(request, { targetType: 'discount', targetId: before.id, before, after: null });
      return ok(null, '已删除');
    },
  );
}
