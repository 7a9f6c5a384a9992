import { Carousel } from 'antd';
import { useNavigate } from 'react-router';
import { isInAppLink } from '../../promotions/api';
import type { CarouselItem } from './HomeCarousel';

/** The running carousel banners; loaded only when there is one (antd Carousel is large, issue 21). */
export function CarouselSlides({ items }: { items: CarouselItem[] }) {
  const navigate = useNavigate();
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
