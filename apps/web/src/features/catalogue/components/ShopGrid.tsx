import { formatFen, type ShopScene } from '@taxlens/shared';
import { Button, Card, Empty, Result, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { t } from '../../../locales';
import type { ShopItem } from '../api';

export const DETAIL_PATH: Record<ShopScene, string> = { product: '/product-center/detail', mall: '/mall1/detail' };

export function ShopCover({ item }: { item: ShopItem }) {
  return (
    <div className={`tl-shop-cover${item.kind === 'partner' ? ' tl-shop-cover-partner' : ''}`}>
      {item.coverUrl ? <img src={item.coverUrl} alt={item.title} /> : item.label}
    </div>
  );
}

/** The price in yuan, or 面议 for an item that is inquiry only. */
export function ShopPrice({ item }: { item: Pick<ShopItem, 'priceFen'> }) {
  return item.priceFen === null ? (
    <span className="tl-shop-price-ask">{t('shop.inquiryOnly')}</span>
  ) : (
    <span className="tl-shop-price">¥{formatFen(item.priceFen)}</span>
  );
}

function ShopCard({ item, scene }: { item: ShopItem; scene: ShopScene }) {
  const to = `${DETAIL_PATH[scene]}?id=${item.id}`;
  return (
    <Card className="tl-shop-card" size="small" cover={<ShopCover item={item} />} data-testid="shop-card">
      <Link to={to} className="tl-shop-title">
        {item.title}
      </Link>
      <div className="tl-shop-sub">{item.subheading}</div>
      {item.partnerName && (
        <div className="tl-muted">
          {t('shop.partner')}：{item.partnerName}
        </div>
      )}
      <div className="tl-shop-foot">
        <ShopPrice item={item} />
        <span>
          <Tag>{item.label}</Tag>
          {item.grant && <Tag color="green">{t('shop.grant')}</Tag>}
        </span>
      </div>
    </Card>
  );
}

interface GridProps {
  scene: ShopScene;
  items: ShopItem[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  emptyText?: string;
  testId?: string;
}

/** A grid of item cards with its loading, error and empty states. */
export function ShopGrid({ scene, items, loading, error, onRetry, emptyText, testId }: GridProps) {
  if (error)
    return (
      <Result
        status="warning"
        title={t('shop.loadFailed')}
        extra={<Button onClick={onRetry}>{t('shop.retry')}</Button>}
        data-testid="shop-error"
      />
    );
  if (loading && !items) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!items || items.length === 0)
    return <Empty description={emptyText ?? t('shop.empty')} data-testid="shop-empty" />;
  return (
    <div className="tl-shop-grid" data-testid={testId}>
      {items.map((item) => (
        <ShopCard key={item.id} item={item} scene={scene} />
      ))}
    </div>
  );
}
