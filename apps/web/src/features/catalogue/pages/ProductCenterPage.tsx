import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { shopApi } from '../api';
import { MyRequests } from '../components/MyRequests';
import { ShopGrid } from '../components/ShopGrid';
import '../shop.css';

const LIST = '/product-center/list';

/** /product-center: the platform's services the operator recommends, the categories, and the buyer's orders. */
export function ProductCenterPage() {
  const recommend = useQuery({
    queryKey: ['shop', 'recommend', 'product'],
    queryFn: ({ signal }) => shopApi.recommend('product', signal),
  });
  const labels = useQuery({
    queryKey: ['shop', 'labels', 'product'],
    queryFn: ({ signal }) => shopApi.shelf('product', { page: 1, size: 1 }, signal),
  });
  return (
    <PageFrame
      title={t('shop.routes.productCenter')}
      subtitle={t('shop.productIntro')}
      extra={
        <Space>
          <Link to={LIST}>
            <Button type="primary">{t('shop.viewAll')}</Button>
          </Link>
          <Link to="/mall1">
            <Button>{t('shop.routes.mall')}</Button>
          </Link>
        </Space>
      }
      testId="product-center"
    >
      <Card size="small" title={t('shop.byLabel')}>
        <Space wrap data-testid="shop-labels">
          {(labels.data?.labels ?? []).map((label) => (
            <Link key={label} to={`${LIST}?label=${encodeURIComponent(label)}`}>
              <Tag color="blue" style={{ padding: '4px 12px', fontSize: 14 }}>
                {label}
              </Tag>
            </Link>
          ))}
          {labels.isError && <span className="tl-muted">{t('shop.loadFailed')}</span>}
        </Space>
      </Card>
      <Card size="small" title={t('shop.recommended')}>
        <ShopGrid
          scene="product"
          items={recommend.data?.list}
          loading={recommend.isLoading}
          error={recommend.isError}
          onRetry={() => void recommend.refetch()}
          testId="shop-recommended"
        />
      </Card>
      <MyRequests scene="product" />
    </PageFrame>
  );
}
