import { useQuery } from '@tanstack/react-query';
import { hasPermission, SHOP_ITEM_KIND_LABELS, SHOP_MESSAGES, type ShopScene } from '@taxlens/shared';
import { Button, Card, Descriptions, Result, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { type ShopItem, shopApi } from '../api';
import { MyRequests } from '../components/MyRequests';
import { BuyDialog, InquiryDialog } from '../components/OrderDialogs';
import { ShopCover, ShopPrice } from '../components/ShopGrid';
import '../shop.css';

const HOME: Record<ShopScene, { to: string; label: () => string }> = {
  product: { to: '/product-center/list', label: () => t('shop.routes.productCenterList') },
  mall: { to: '/mall1', label: () => t('shop.routes.mall') },
};

function ItemBody({ scene, item }: { scene: ShopScene; item: ShopItem }) {
  const user = useSessionUser();
  const [dialog, setDialog] = useState<'buy' | 'inquiry' | null>(null);
  const canPay = user ? hasPermission(user, 'pay') : false;
  return (
    <>
      <Card size="small">
        <div className="tl-shop-detail">
          <ShopCover item={item} />
          <Space direction="vertical" size={10} style={{ minWidth: 0 }}>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="shop-detail-title">
              {item.title}
            </Typography.Title>
            <Typography.Text type="secondary">{item.subheading}</Typography.Text>
            <Space wrap>
              <Tag>{SHOP_ITEM_KIND_LABELS[item.kind]}</Tag>
              <Tag color="blue">{item.label}</Tag>
              {item.grant && <Tag color="green">{t('shop.grant')}</Tag>}
            </Space>
            {item.partnerName && (
              <span>
                {t('shop.partner')}：{item.partnerName}
              </span>
            )}
            <ShopPrice item={item} />
            <Space wrap>
              {item.priceFen !== null && (
                <Tooltip title={canPay ? undefined : t('shop.noPay')}>
                  <Button type="primary" disabled={!canPay} onClick={() => setDialog('buy')} data-testid="shop-buy">
                    {t('shop.buy')}
                  </Button>
                </Tooltip>
              )}
              <Button
                type={item.priceFen === null ? 'primary' : 'default'}
                onClick={() => setDialog('inquiry')}
                data-testid="shop-inquire"
              >
                {t('shop.inquire')}
              </Button>
            </Space>
          </Space>
        </div>
      </Card>
      <Card size="small">
        <Descriptions
          column={1}
          layout="vertical"
          items={[
            { key: 'description', label: t('shop.description'), children: item.description },
            {
              key: 'deliverables',
              label: t('shop.deliverables'),
              children: item.grant ? `${item.deliverables}（${item.grant.label}）` : item.deliverables,
            },
          ]}
        />
      </Card>
      {dialog === 'buy' && <BuyDialog scene={scene} item={item} onClose={() => setDialog(null)} />}
      {dialog === 'inquiry' && <InquiryDialog scene={scene} item={item} onClose={() => setDialog(null)} />}
    </>
  );
}

/** One item (?id=): what it is, what the buyer receives, buy or ask; a taken-off item says so. */
function ShopDetail({ scene, title }: { scene: ShopScene; title: string }) {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: ['shop', 'detail', scene, id],
    queryFn: ({ signal }) => shopApi.detail(scene, id, signal),
    enabled: valid,
    retry: false,
  });
  const home = HOME[scene];
  const missing = !valid || (isApiError(detail.error) && detail.error.status === 404);
  return (
    <PageFrame title={title} back={{ to: home.to, label: home.label() }} testId="shop-detail">
      {missing ? (
        <Result
          status="404"
          title={SHOP_MESSAGES.itemMissing}
          extra={
            <Link to={home.to}>
              <Button>{t('shop.back')}</Button>
            </Link>
          }
        />
      ) : detail.isError ? (
        <Result
          status="warning"
          title={t('shop.loadFailed')}
          subTitle={isApiError(detail.error) ? detail.error.msg : undefined}
          extra={<Button onClick={() => void detail.refetch()}>{t('shop.retry')}</Button>}
        />
      ) : detail.data ? (
        <ItemBody scene={scene} item={detail.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
      <MyRequests scene={scene} />
    </PageFrame>
  );
}

/** /product-center/detail?id= (route name ProductCenterDetail, spec §2). */
export function ProductDetailPage() {
  return <ShopDetail scene="product" title={t('shop.routes.productCenterDetail')} />;
}

/** /mall1/detail?id= */
export function MallDetailPage() {
  return <ShopDetail scene="mall" title={t('shop.routes.mallDetail')} />;
}
