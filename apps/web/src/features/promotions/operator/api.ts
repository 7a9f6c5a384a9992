import type { BannerSave, DiscountSave } from '@taxlens/shared';
import { http } from '../../../lib/http';

const FORM = { silent: true } as const;

interface Period {
  startsAt: string;
  endsAt: string;
  published: boolean;
  updatedAt: string;
}
export interface OperatorBanner extends Period {
  id: number;
  title: string;
  placement: 'popup' | 'carousel';
  imageKey: string;
  imageUrl: string;
  linkUrl: string;
  sort: number;
  closedBy: number;
}
export interface OperatorDiscount extends Period {
  id: number;
  title: string;
  packageId: number;
  packageName: string | null;
  ratePct: number;
  imageKey: string | null;
  imageUrl: string | null;
  paidOrders: number;
}

/** Operator console: banners (内容) and limited-time discounts (运营). */
export const promotionsOperatorApi = {
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<{ imageKey: string; imageUrl: string }>('/operator/promotions/image', form, FORM);
  },
  banners: () => http.get<OperatorBanner[]>('/operator/banners/list'),
  saveBanner: (body: Partial<BannerSave> & Omit<BannerSave, 'id' | 'sort' | 'linkUrl' | 'published'>) =>
    http.post<OperatorBanner>('/operator/banners/save', body, FORM),
  deleteBanner: (id: number) => http.post<null>('/operator/banners/delete', { id }, FORM),
  discounts: () => http.get<OperatorDiscount[]>('/operator/discounts/list'),
  saveDiscount: (body: Partial<DiscountSave> & Omit<DiscountSave, 'id' | 'imageKey' | 'published'>) =>
    http.post<OperatorDiscount>('/operator/discounts/save', body, FORM),
  deleteDiscount: (id: number) => http.post<null>('/operator/discounts/delete', { id }, FORM),
};

/** 进行中 / 未开始 / 已结束 / 未发布, as the tables show a row. */
export function periodState(
  row: Omit<Period, 'updatedAt'>,
  now = Date.now(),
): 'running' | 'upcoming' | 'ended' | 'draft' {
  if (!row.published) return 'draft';
  if (Date.parse(row.endsAt) <= now) return 'ended';
  return Date.parse(row.startsAt) > now ? 'upcoming' : 'running';
}
