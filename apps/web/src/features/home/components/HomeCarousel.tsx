import { useQuery } from '@tanstack/react-query';
import { Carousel } from 'antd';
import { useNavigate } from 'react-router';
import { isInAppLink, promotionsApi } from '../../promotions/api';

/** The operator's carousel banners (Ads); nothing at all when none runs or the request fails. */
export function HomeCarousel() {
  const navigate = useNavigate();
  const ads = useQuery({ queryKey: ['home', 'carousel'], queryFn: promotionsApi.carousel, retry: false });
  const items = ads.data ?? [];
  if (items.length === 0) return null;
  return (
    <Carousel autoplay={items.length > 1} className="tl-home-carousel" data-testid="home-carousel">
      {items.map((item) => (
        <div key={item.id}>
          <button
            type="button"
            className="tl-home-carousel-item"
            disabled={!item.linkUrl}
            onClick={() => {
              if (isInAppLink(item.linkUrl)) navigate(item.linkUrl);
              else window.open(item.linkUrl, '_blank', 'noopener,noreferrer');
            }}
          >
            <img src={item.image} alt={item.title} />
          </button>
        </div>
      ))}
    </Carousel>
  );
}
