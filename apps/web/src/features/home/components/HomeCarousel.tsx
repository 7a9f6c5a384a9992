import { useQuery } from '@tanstack/react-query';
import type { BannerItem } from '@taxlens/shared';
import { lazy, Suspense } from 'react';
import { promotionsApi } from '../../promotions/api';

export type CarouselItem = BannerItem;

// antd's Carousel (react-slick) loads only when a banner runs: most days there is none (issue 21).
const CarouselSlides = lazy(() => import('./CarouselSlides').then((module) => ({ default: module.CarouselSlides })));

/** The operator's carousel banners (Ads); nothing at all when none runs or the request fails. */
export function HomeCarousel() {
  const ads = useQuery({ queryKey: ['home', 'carousel'], queryFn: promotionsApi.carousel, retry: false });
  const items = ads.data ?? [];
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CarouselSlides items={items} />
    </Suspense>
  );
}
