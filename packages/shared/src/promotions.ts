/**
 * Home-page promotions (issue 15): placements and discount arithmetic. Apart from their schemas
 * (schemas/promotions.ts) because the home page reads them, and a schema beside them would put zod
 * on its first screen (issue 21).
 */
export const BANNER_PLACEMENTS = ['popup', 'carousel'] as const;
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number];
export const BANNER_PLACEMENT_LABELS: Record<BannerPlacement, string> = {
  popup: '首页弹窗',
  carousel: '首页轮播',
};

/** 80 → '8折', 85 → '8.5折' (eventendDiscount × 10, spec §9). */
export function discountLabel(eventendDiscount: number): string {
  return `${Number((eventendDiscount * 10).toFixed(1))}折`;
}

/** A discounted price in fen, rounded to the fen. */
export function discountedFen(priceFen: number, ratePct: number): number {
  return Math.round((priceFen * ratePct) / 100);
}
