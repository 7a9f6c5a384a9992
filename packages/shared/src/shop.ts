/**
 * Product centre and ecological mall (spec §1, §2: /product-center*, /mall1*), built on the one
 * DataServerDelivery catalogue. Zod-free: the web routes and pages read these constants.
 */

/** Where a catalogue call comes from: the product centre (platform services) or the mall (partners' offers). */
export const SHOP_SCENES = ['product', 'mall'] as const;
export type ShopScene = (typeof SHOP_SCENES)[number];

export const SHOP_ITEM_KINDS = ['platform', 'partner'] as const;
export type ShopItemKind = (typeof SHOP_ITEM_KINDS)[number];
export const SHOP_KIND_OF_SCENE: Record<ShopScene, ShopItemKind> = { product: 'platform', mall: 'partner' };
export const SHOP_ITEM_KIND_LABELS: Record<ShopItemKind, string> = { platform: '平台服务', partner: '合作机构' };

export const isShopScene = (value: unknown): value is ShopScene =>
  typeof value === 'string' && (SHOP_SCENES as readonly string[]).includes(value);

/** A request is an inquiry (contact form) or a purchase paid from the balance. */
export const SHOP_REQUEST_KINDS = ['inquiry', 'purchase'] as const;
export type ShopRequestKind = (typeof SHOP_REQUEST_KINDS)[number];
export const SHOP_REQUEST_KIND_LABELS: Record<ShopRequestKind, string> = { inquiry: '咨询', purchase: '购买' };

/** The follow-up states (0240), the same for inquiries and purchases; a purchase may end refunded (0306). */
export const SHOP_REQUEST_STATUSES = ['submitted', 'contacted', 'closed', 'refunded'] as const;
/** The states the operator sets by hand; refunded only comes with a refund. */
export const SHOP_FOLLOW_UP_STATUSES = ['submitted', 'contacted', 'closed'] as const;
export type ShopRequestStatus = (typeof SHOP_REQUEST_STATUSES)[number];
export const SHOP_REQUEST_STATUS_LABELS: Record<ShopRequestStatus, string> = {
  submitted: '已提交',
  contacted: '已联系',
  closed: '已完成',
  refunded: '已退款',
};

/** What an item that adds credits puts in the wallet (the ledger's assets 1-8). */
export const SHOP_GRANT_ASSET_LABELS: Record<number, string> = {
  1: '发票穿透报告次数',
  2: '经营（税务）风险检测报告次数',
  3: '综合税务风险报告次数',
  4: '全景报告次数',
  5: '工商信息报告次数',
  6: '尽职调查报告次数',
  7: '发票鉴伪次数',
  8: '拓客次数',
};

export const SHOP_MESSAGES = {
  itemMissing: '该商品不存在或已下架',
  inquiryOnly: '该商品需咨询报价，请提交咨询',
  bought: '购买成功',
  inquired: '提交成功，客户经理将尽快与您联系',
  requestMissing: '该订单或咨询不存在',
  refunded: '已退款',
  refundedTwice: '该订单已退款，不能重复退款',
  inquiryNoRefund: '咨询没有付款，不能退款',
  creditsSpent: '客户已使用了该商品所给的次数，无法退款',
  refundedLocked: '该订单已退款，不能再更改跟进状态',
} as const;

/** Page size of /product-center/list and /mall1. */
export const SHOP_PAGE_SIZE = 12;
