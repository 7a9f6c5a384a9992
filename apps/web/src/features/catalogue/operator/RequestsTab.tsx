import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatFen,
  SHOP_FOLLOW_UP_STATUSES,
  SHOP_REQUEST_KIND_LABELS,
  SHOP_REQUEST_KINDS,
  SHOP_REQUEST_STATUS_LABELS,
  type ShopRequestStatus,
} from '@taxlens/shared';
import { App, Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { usePagedQuery } from '../../billing/hooks/usePagedQuery';
import { catalogueOperatorApi, type OperatorRequest } from '../api';
import { RefundDialog } from './RefundDialog';

const STATUS_OPTIONS = Object.entries(SHOP_REQUEST_STATUS_LABELS).map(([value, label]) => ({ value, label }));
// Refunded is reached only by 退款, never picked by hand.
const FOLLOW_UP_OPTIONS = SHOP_FOLLOW_UP_STATUSES.map((value) => ({ value, label: SHOP_REQUEST_STATUS_LABELS[value] }));
const KIND_OPTIONS = SHOP_REQUEST_KINDS.map((kind) => ({ value: kind, label: SHOP_REQUEST_KIND_LABELS[kind] }));

/** 运营 and 内容 follow up the firms' inquiries and paid orders with the same states. */
export function RequestsTab() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const {
    query: params,
    filter,
    pagination,
  } = usePagedQuery<{ page: number; size: number; status?: string; kind?: string }>({ page: 1, size: 20 });
  const list = useQuery({
    queryKey: ['operator', 'dataServiceRequests', params],
    queryFn: ({ signal }) => catalogueOperatorApi.requests(params, signal),
  });
  const [refunding, setRefunding] = useState<OperatorRequest | null>(null);
  const update = async (row: OperatorRequest, status: ShopRequestStatus) => {
    try {
      await catalogueOperatorApi.updateRequest(row.id, status);
      message.success(t('dataMap.operator.saved'));
      await client.invalidateQueries({ queryKey: ['operator', 'dataServiceRequests'] });
    } catch {
      // The http client has shown the server's message.
    }
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('dataMap.operator.allStatuses')}
          style={{ width: 140 }}
          value={params.status}
          onChange={(status) => filter({ status })}
          options={STATUS_OPTIONS}
        />
        <Select
          allowClear
          placeholder={t('shop.operator.allKinds')}
          style={{ width: 140 }}
          value={params.kind}
          onChange={(kind) => filter({ kind })}
          options={KIND_OPTIONS}
          data-testid="request-kind-filter"
        />
      </Space>
      <Table<OperatorRequest>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={pagination(list.data?.total)}
        scroll={{ x: 1200 }}
        data-testid="data-service-requests"
        columns={[
          { key: 'time', title: t('dataMap.product.time'), dataIndex: 'createdAt', width: 160 },
          { key: 'group', title: t('dataMap.operator.group'), dataIndex: 'groupName' },
          { key: 'service', title: t('dataMap.product.service'), dataIndex: 'title' },
          { key: 'kind', title: t('shop.kind'), width: 70, render: (_, row) => SHOP_REQUEST_KIND_LABELS[row.kind] },
          {
            key: 'order',
            title: t('shop.operator.orderNo'),
            width: 210,
            render: (_, row) => (row.orderNo ? `${row.orderNo} ¥${formatFen(row.priceFen)}` : '-'),
          },
          {
            key: 'contact',
            title: t('dataMap.product.contact'),
            render: (_, row) => `${row.contactName} ${row.contactPhone}`,
          },
          { key: 'company', title: t('dataMap.product.company'), render: (_, row) => row.companyName ?? '-' },
          { key: 'remark', title: t('dataMap.operator.remark'), render: (_, row) => row.remark ?? '-' },
          {
            key: 'status',
            title: t('dataMap.product.status'),
            width: 140,
            render: (_, row) =>
              row.status === 'refunded' ? (
                <>
                  <Tag color="red" data-testid={`request-status-${row.id}`}>
                    {SHOP_REQUEST_STATUS_LABELS.refunded}
                  </Tag>
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('shop.refundReason', { reason: row.refundReason ?? '' })}
                  </Typography.Text>
                </>
              ) : (
                <Select
                  size="small"
                  value={row.status}
                  options={FOLLOW_UP_OPTIONS}
                  onChange={(status) => update(row, status as ShopRequestStatus)}
                  style={{ width: 100 }}
                  data-testid={`request-status-${row.id}`}
                />
              ),
          },
          {
            key: 'action',
            title: '',
            width: 70,
            render: (_, row) =>
              row.kind === 'purchase' && row.status !== 'refunded' ? (
                <Button size="small" danger onClick={() => setRefunding(row)} data-testid={`request-refund-${row.id}`}>
                  {t('shop.operator.refund')}
                </Button>
              ) : null,
          },
        ]}
      />
      <RefundDialog
        row={refunding}
        onClose={() => setRefunding(null)}
        onDone={async () => {
          setRefunding(null);
          message.success(SHOP_REQUEST_STATUS_LABELS.refunded);
          await client.invalidateQueries({ queryKey: ['operator', 'dataServiceRequests'] });
        }}
      />
    </>
  );
}
