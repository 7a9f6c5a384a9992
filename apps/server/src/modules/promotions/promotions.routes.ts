import { bannerItemSchema, promotionIdSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import {
  liveBanners,
  PROMOTION_FILE_PATTERN,
  promotionImageKey,
  recordBannerClose,
  recordDiscountRead,
} from './promotions.service.js';

const tags = ['promotions'];
const SIGNED_IN: RouteAccess = { permission: null };

/**
 * The customer side of the home-page promotions (spec §4): the image dialog, the home carousel,
 * closing a banner and giving a discount up. The discount banner itself is answered by
 * findBuyConfig type 7 (billing/orders.routes.ts).
 */
export async function promotionsRoutes(app: AppInstance) {
  app.get(
    '/api/userInfo/findCarouselPopLaunchList',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '首页弹窗横幅（含本人上次关闭时间）',
        response: { 200: envelope(z.array(bannerItemSchema)) },
      },
    },
    async (request) => ok(await liveBanners(app.db, 'popup', sessionOf(request).userId)),
  );

  app.post(
    '/api/userInfo/butCarouselPopLaunch',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '关闭首页弹窗横幅（24 小时内不再弹出）', body: promotionIdSchema },
    },
    async (request) => {
      await recordBannerClose(app.db, sessionOf(request).userId, request.body.id);
      return ok(null);
    },
  );

  app.get(
    '/api/Ads/findList',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '首页轮播广告', response: { 200: envelope(z.array(bannerItemSchema)) } },
    },
    async (request) => ok(await liveBanners(app.db, 'carousel', sessionOf(request).userId)),
  );

  app.post(
    '/api/Ads/discountRead',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '放弃限时优惠（不再弹出该活动）', body: promotionIdSchema },
    },
    async (request) => {
      await recordDiscountRead(app.db, sessionOf(request), request.body.id);
      return ok(null);
    },
  );

  app.get(
    '/api/Ads/image/:file',
    {
      config: { access: { public: true } },
      schema: { tags, summary: '横幅图片', params: z.object({ file: z.string() }) },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!PROMOTION_FILE_PATTERN.test(file)) throw new AppError('NOT_FOUND', '图片不存在');
      const key = promotionImageKey(file);
      if (!(await app.storage.exists(key))) throw new AppError('NOT_FOUND', '图片不存在');
      return reply
        .header('content-type', file.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(await app.storage.read(key));
    },
  );
}
