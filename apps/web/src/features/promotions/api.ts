import { type BannerItem, type DiscountBanner, LIMITS } from '@taxlens/shared';
import { http } from '../../lib/http';

// Spec §8: a failed banner request is ignored silently — no toast, the home page just shows no promotion.
const QUIET = { silent: true } as const;

/** The customer side of the home promotions (spec §4/§7). */
export const promotionsApi = {
  popups: () => http.get<BannerItem[]>('/userInfo/findCarouselPopLaunchList', QUIET),
  closePopup: (id: number) => http.post<null>('/userInfo/butCarouselPopLaunch', { id }, QUIET),
  carousel: () => http.get<BannerItem[]>('/Ads/findList', QUIET),
  discount: () =>
    http.get<DiscountBanner>('/SendMsgByReport/findBuyConfig', {
      ...QUIET,
      params: { type: LIMITS.bannerRequestType },
    }),
  giveUpDiscount: (id: number) => http.post<null>('/Ads/discountRead', { id }, QUIET),
};

/** A banner's link: a page of the product is opened in place, an https address in a new tab. */
export function isInAppLink(link: string): boolean {
  return link.startsWith('/');
}
