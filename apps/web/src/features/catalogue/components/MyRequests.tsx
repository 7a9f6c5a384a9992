import { useQuery } from '@tanstack/react-query';
import {
  formatFen,
  SHOP_REQUEST_KIND_LABELS,
  SHOP_REQUEST_STATUS_LABELS,
  type ShopRequestStatus,
  type ShopScene,
} from '@taxlens/shared';
import { Card, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { t } from '../../../locales';
import { type ShopRequest, shopApi } from '../api';
import { DETAIL_PATH } from './ShopGrid';

const STATUS_COLORS: Record<ShopRequestStatus, string> = {
  submitted: 'orange',
  contacted: 'blue',
  closed: 'green',
  refunded: 'red',
};

export const myRequestsKey = (scene: ShopScene) => ['shop', 'requests', scene] as const;

/** The buyer's orders and inquiries in this scene and how the operator has followed them up. */
export function MyRequests({ scene }: { scene: ShopScene }) {
  const mine = useQuery({
    queryKey: myRequestsKey(scene),
    queryFn: ({ signal }) => shopApi.requests(scene, signal),
  });
  return (
    <Card size="small" title={t('shop.mine')}>
      <Table<ShopRequest>
        rowKey="id"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        loading={mine.isFetching}
        dataSource={mine.data ?? []}
        scroll={{ x: 790 }}
        locale={{ emptyText: mine.isError ? t('shop.loadFailed') : t('shop.mineEmpty') }}
        data-testid="shop-mine"
        columns={[
          { key: 'time', title: t('shop.time'), dataIndex: 'createdAt', width: 170 },
          {
            key: 'item',
            title: t('shop.item'),
            render: (_, row) => <Link to={`${DETAIL_PATH[scene]}?id=${row.deliveryId}`}>{row.title}</Link>,
          },
          {
            key: 'kind',
            title: t('shop.kind'),
            width: 70,
            render: (_, row) => SHOP_REQUEST_KIND_LABELS[row.kind],
          },
          {
            key: 'amount',
            title: t('shop.amount'),
            width: 110,
            render: (_, row) => (row.priceFen === null ? '-' : `¥${formatFen(row.priceFen)}`),
          },
          { key: 'orderNo', title: t('shop.orderNo'), width: 200, render: (_, row) => row.orderNo ?? '-' },
          {
            key: 'status',
            title: t('shop.status'),
            width: 160,
            render: (_, row) => (
              <>
                <Tag color={STATUS_COLORS[row.status]}>{SHOP_REQUEST_STATUS_LABELS[row.status]}</Tag>
                {row.refundReason && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('shop.refundReason', { reason: row.refundReason })}
                  </Typography.Text>
                )}
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
