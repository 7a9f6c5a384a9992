import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorOrder } from '@taxlens/shared';
import { App, Button, Input, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { t } from '../../../locales';
import { usePagedQuery } from '../../billing/hooks/usePagedQuery';
import { yuanText } from '../../billing/lib/money';
import { ConsolePageFrame } from '../components/ConsolePageFrame';
import { ReasonModal } from '../components/ReasonModal';
import { moneyApi } from '../money/api';
import { operatorCan } from '../operator-session';

const STATES = ['pending', 'paid', 'cancelled', 'closed', 'refunded'] as const;
const STATE_COLORS: Record<string, string> = { paid: 'green', pending: 'orange', refunded: 'purple' };

/** Every group's orders; finance refunds a paid one (the grant is taken back from the wallet). */
export function OrdersPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const {
    query: params,
    filter,
    pagination,
  } = usePagedQuery<{
    keyword?: string;
    state?: string;
    page: number;
    size: number;
  }>({ page: 1, size: 20 });
  const [refunding, setRefunding] = useState<OperatorOrder | null>(null);
  const query = useQuery({ queryKey: ['operator', 'orders', params], queryFn: () => moneyApi.orders(params) });
  const canRefund = operatorCan(['finance']);

  return (
    <ConsolePageFrame title={t('operator.pages.orders')}>
      <Space wrap className="op-toolbar">
        <Input.Search
          allowClear
          placeholder={t('operator.money.orderSearch')}
          onSearch={(value) => filter({ keyword: value.trim() || undefined })}
        />
        <Select
          allowClear
          placeholder={t('operator.money.state')}
          style={{ width: 140 }}
          options={STATES.map((state) => ({ value: state, label: t(`operator.money.states.${state}`) }))}
          onChange={(state?: string) => filter({ state })}
        />
      </Space>
      <Table<OperatorOrder>
        rowKey="orderId"
        loading={query.isFetching}
        dataSource={query.data?.list}
        scroll={{ x: 980 }}
        pagination={pagination(query.data?.total)}
        columns={[
          { title: t('operator.money.orderNo'), dataIndex: 'orderNo', width: 200 },
          { title: t('operator.customers.groupName'), dataIndex: 'groupName' },
          { title: t('operator.customers.phone'), dataIndex: 'userPhone', width: 120 },
          { title: t('operator.money.title'), dataIndex: 'title' },
          {
            title: t('operator.money.amount'),
            dataIndex: 'amountFen',
            width: 110,
            render: (fen: number) => yuanText(fen),
          },
          {
            title: t('operator.money.state'),
            dataIndex: 'state',
            width: 90,
            render: (state: string) => (
              <Tag color={STATE_COLORS[state]}>{t(`operator.money.states.${state as (typeof STATES)[number]}`)}</Tag>
            ),
          },
          {
            title: t('operator.money.createdAt'),
            dataIndex: 'createdAt',
            width: 140,
            render: (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '',
            width: 80,
            render: (_, row) =>
              canRefund && row.state === 'paid' ? (
                <Button size="small" danger onClick={() => setRefunding(row)}>
                  {t('operator.money.refund')}
                </Button>
              ) : (
                row.refund?.reason
              ),
          },
        ]}
      />
      <ReasonModal
        open={refunding !== null}
        title={t('operator.money.refundTitle', {
          orderNo: refunding?.orderNo ?? '',
          amount: yuanText(refunding?.amountFen ?? 0),
        })}
        fields={[
          { name: 'reason', label: t('operator.money.reason'), required: true },
          { name: 'bankSerial', label: t('operator.money.bankSerial') },
        ]}
        onClose={() => setRefunding(null)}
        onSubmit={async (values) => {
          if (!refunding) return;
          await moneyApi.refund({
            orderId: refunding.orderId,
            reason: values.reason ?? '',
            bankSerial: values.bankSerial || undefined,
          });
          message.success(t('operator.money.refunded'));
          await client.invalidateQueries({ queryKey: ['operator'] });
        }}
      />
    </ConsolePageFrame>
  );
}
