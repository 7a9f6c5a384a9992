import { BANNER_PLACEMENTS } from '../promotions.js';
import { z } from '../zod.js';

/**
 * Home-page promotions (issue 15, spec §3/§4/§9): image banners and limited-time discounts the
 * operator publishes. Times travel as ISO strings; a discount rate is a percentage of the price
 * (80 = 8折; the client shows eventendDiscount × 10 with 折).
 */
/** Where a banner may lead: a page of the product (/pay) or an https address. */
const linkSchema = z
  .string()
  .trim()
  .max(500, '链接过长')
  .refine((value) => value === '' || /^\/[\w\-/?=&.%#]*$/.test(value) || /^https:\/\/\S+$/.test(value), {
    message: '链接应为站内路径（以 / 开头）或 https:// 地址',
  });

const isoTime = (label: string) =>
  z.string({ error: `请选择${label}` }).refine((value) => !Number.isNaN(Date.parse(value)), `${label}格式不正确`);

const ordered = <T extends { startsAt: string; endsAt: string }>(value: T) =>
  Date.parse(value.endsAt) > Date.parse(value.startsAt);
const windowError = { message: '结束时间应晚于开始时间', path: ['endsAt'] };

export const bannerSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(60, '标题最多60个字'),
    placement: z.enum(BANNER_PLACEMENTS, { error: '请选择展示位置' }),
    imageKey: z.string({ error: '请上传图片' }).regex(/^promotions\/[\w-]+\.(png|jpg)$/, '请上传图片'),
    linkUrl: linkSchema.default(''),
    startsAt: isoTime('开始时间'),
    endsAt: isoTime('结束时间'),
    published: z.boolean().default(false),
    sort: z.number().int().min(0).max(9999).default(0),
  })
  .refine(ordered, windowError);
export type BannerSave = z.infer<typeof bannerSaveSchema>;

export const discountSaveSchema = z
  .object({
    id: z.number().int().positive().optional(),
    title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(60, '标题最多60个字'),
    packageId: z.number({ error: '请选择套餐' }).int().positive('请选择套餐'),
    ratePct: z
      .number({ error: '请填写折扣' })
      .int('折扣应为整数百分比（如 80 即 8折）')
      .min(10, '折扣应在1折到9.9折之间')
      .max(99, '折扣应在1折到9.9折之间'),
    imageKey: z
      .string()
      .regex(/^promotions\/[\w-]+\.(png|jpg)$/, '图片不正确')
      .nullable()
      .default(null),
    startsAt: isoTime('开始时间'),
    endsAt: isoTime('结束时间'),
    published: z.boolean().default(false),
  })
  .refine(ordered, windowError);
export type DiscountSave = z.infer<typeof discountSaveSchema>;

export const promotionIdSchema = z.object({ id: z.coerce.number({ error: '缺少编号' }).int().positive('缺少编号') });

/** An image promotion as the customer's home page reads it (findCarouselPopLaunchList, Ads). */
export const bannerItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  linkUrl: z.string(),
  /** When this user last closed it (the client keeps it closed for 24 h), or null. */
  lastClosedAt: z.string().nullable(),
});
export type BannerItem = z.infer<typeof bannerItemSchema>;

/** The banner response of spec §3 (findBuyConfig type 7): the running discounts for a main account. */
export const discountBannerSchema = z.object({
  /** 1 when no discount is running (all have ended). */
  isBecomeDue: z.number().int(),
  /** 1 when this user has already given the running discount up. */
  isRead: z.number().int(),
  list: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      image: z.string().nullable(),
      /** 0.8 = 8折. */
      eventendDiscount: z.number(),
      eventendDate: z.string(),
      packageId: z.number().int(),
      packageName: z.string(),
      priceFen: z.number().int(),
      discountPriceFen: z.number().int(),
    }),
  ),
});
export type DiscountBanner = z.infer<typeof discountBannerSchema>;

/** A package's running discount, as the pay page shows it and an order is charged. */
export const packageDiscountSchema = z.object({
  id: z.number().int(),
  ratePct: z.number().int(),
  priceFen: z.number().int(),
  endsAt: z.string(),
});
export type PackageDiscount = z.infer<typeof packageDiscountSchema>;
