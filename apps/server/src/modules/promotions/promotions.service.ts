import { randomUUID } from 'node:crypto';
import {
  type BannerItem,
  type BannerPlacement,
  type DiscountBanner,
  discountedFen,
  type PackageDiscount,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { readSmallUpload } from '../../lib/small-upload.js';
import type { FileStorage } from '../../lib/storage.js';
import type { SessionContext } from '../auth/session.service.js';
import { imageFormatOf } from '../reports/report-images.js';

/** Banner images are web pictures, not print assets: 1 MB is plenty for a 1200 px wide PNG or JPG. */
export const PROMOTION_IMAGE_MAX_BYTES = 1024 * 1024;
const PREFIX = 'promotions/';

/**
 * Images are served from an unguessable file name without a session (an <img> sends no token
 * header); they are marketing pictures the operator publishes, nothing private.
 */
export const promotionImageUrl = (key: string) => `/api/Ads/image/${key.slice(PREFIX.length)}`;
export const promotionImageKey = (file: string) => `${PREFIX}${file}`;
export const PROMOTION_FILE_PATTERN = /^[\w-]+\.(png|jpg)$/;

export async function storePromotionImage(request: FastifyRequest, storage: FileStorage) {
  const bytes = await readSmallUpload(request, { maxBytes: PROMOTION_IMAGE_MAX_BYTES, what: '横幅图片' });
  const format = imageFormatOf(bytes);
  if (!format)
    throw new AppError('VALIDATION', '横幅图片应为 PNG 或 JPG 格式', { fields: { file: '请上传 PNG 或 JPG 图片' } });
  const key = `${PREFIX}${randomUUID()}.${format.ext}`;
  await storage.put(key, bytes);
  return { imageKey: key, imageUrl: promotionImageUrl(key) };
}

/** A saved banner or discount must point at an image that was really uploaded. */
export async function assertImageStored(storage: FileStorage, key: string | null) {
  if (key && !(await storage.exists(key))) {
    throw new AppError('VALIDATION', '图片不存在，请重新上传', { fields: { imageKey: '请重新上传图片' } });
  }
}

/** Published banners of a placement running now, with when this user last closed each. */
export async function liveBanners(db: Db, placement: BannerPlacement, userId: number): Promise<BannerItem[]> {
  const rows = await db
    .selectFrom('banners as b')
    .leftJoin('banner_closes as c', (join) => join.onRef('c.banner_id', '=', 'b.id').on('c.user_id', '=', userId))
    .select(['b.id', 'b.title', 'b.image_key', 'b.link_url', 'c.closed_at'])
    .where('b.published', '=', true)
    .where('b.placement', '=', placement)
    .where('b.starts_at', '<=', new Date())
    .where('b.ends_at', '>', new Date())
    .orderBy('b.sort')
    .orderBy('b.id', 'desc')
    .limit(10)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    image: promotionImageUrl(row.image_key),
    linkUrl: row.link_url,
    lastClosedAt: row.closed_at ? row.closed_at.toISOString() : null,
  }));
}

/** butCarouselPopLaunch: the user closed a running pop-up banner; remembered per user and banner. */
export async function recordBannerClose(db: Db, userId: number, bannerId: number) {
  const live = await db
    .selectFrom('banners')
    .select('id')
    .where('id', '=', bannerId)
    .where('published', '=', true)
    .where('ends_at', '>', new Date())
    .executeTakeFirst();
  if (!live) throw new AppError('NOT_FOUND', '该活动不存在或已结束');
  await db
    .insertInto('banner_closes')
    .values({ user_id: userId, banner_id: bannerId })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'banner_id'])
        .doUpdateSet((eb) => ({ closed_at: new Date(), close_count: eb('banner_closes.close_count', '+', 1) })),
    )
    .execute();
}

/** Spec §4/§6: discounts are offered to main accounts whose group has not bought the data service. */
export function discountEligible(session: Pick<SessionContext, 'level' | 'user'>): boolean {
  return session.level === 1 && (session.user.data_price_auth ?? 0) === 0;
}

/** Published discounts running now on active packages, soonest ending first. */
function runningDiscounts(db: DbOrTx) {
  return db
    .selectFrom('discounts as d')
    .innerJoin('packages as p', 'p.id', 'd.package_id')
    .select(['d.id', 'd.title', 'd.rate_pct', 'd.image_key', 'd.ends_at', 'd.package_id', 'p.name', 'p.price_fen'])
    .where('d.published', '=', true)
    .where('p.active', '=', true)
    .where('d.starts_at', '<=', new Date())
    .where('d.ends_at', '>', new Date())
    .orderBy('d.ends_at')
    .orderBy('d.id');
}

/** The banner response of findBuyConfig type 7 (spec §3). Non-main accounts get nothing to show. */
export async function discountBanner(db: Db, session: SessionContext): Promise<DiscountBanner> {
  if (session.level !== 1) return { isBecomeDue: 1, isRead: 0, list: [] };
  const rows = await runningDiscounts(db).execute();
  if (rows.length === 0) return { isBecomeDue: 1, isRead: 0, list: [] };
  const read = await db
    .selectFrom('discount_reads')
    .select('discount_id')
    .where('user_id', '=', session.userId)
    .where(
      'discount_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const readIds = new Set(read.map((row) => row.discount_id));
  const unread = rows.filter((row) => !readIds.has(row.id));
  return {
    isBecomeDue: 0,
    isRead: unread.length === 0 ? 1 : 0,
    list: unread.map((row) => ({
      id: row.id,
      title: row.title,
      image: row.image_key ? promotionImageUrl(row.image_key) : null,
      eventendDiscount: row.rate_pct / 100,
      eventendDate: row.ends_at.toISOString(),
      packageId: row.package_id,
      packageName: row.name,
      priceFen: Number(row.price_fen),
      discountPriceFen: discountedFen(Number(row.price_fen), row.rate_pct),
    })),
  };
}

/** The retention dialog's 放弃: the user gives a running discount up (isRead = 1). */
export async function recordDiscountRead(db: Db, session: SessionContext, discountId: number) {
  const running = await runningDiscounts(db).where('d.id', '=', discountId).executeTakeFirst();
  if (!running || session.level !== 1) throw new AppError('NOT_FOUND', '该优惠活动不存在或已结束');
  await db
    .insertInto('discount_reads')
    .values({ user_id: session.userId, discount_id: discountId })
    .onConflict((conflict) => conflict.columns(['user_id', 'discount_id']).doNothing())
    .execute();
}

/**
 * The discount an eligible buyer gets on each package now (the deepest if several run at once),
 * keyed by package id. Empty for a buyer who is not eligible.
 */
export async function packageDiscounts(db: DbOrTx, eligible: boolean): Promise<Map<number, PackageDiscount>> {
  const discounts = new Map<number, PackageDiscount>();
  if (!eligible) return discounts;
  for (const row of await runningDiscounts(db).execute()) {
    const current = discounts.get(row.package_id);
    if (current && current.ratePct <= row.rate_pct) continue;
    discounts.set(row.package_id, {
      id: row.id,
      ratePct: row.rate_pct,
      priceFen: discountedFen(Number(row.price_fen), row.rate_pct),
      endsAt: row.ends_at.toISOString(),
    });
  }
  return discounts;
}
