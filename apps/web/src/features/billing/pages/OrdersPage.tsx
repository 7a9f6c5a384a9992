import { formatDateTime, formatFen, hasPermission, ORDER_STATE_LABELS, ORDER_STATES } from '@taxlens/shared';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ExportButton } from '../../../components/ExportButton';
import { PHONE_CARDS_CLASS, withCardLabels } from '../../../components/phone-cards';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { billingApi, type OrderQuery } from '../api';
import { BankTransferDetails } from '../components/BankTransferDetails';
import { BillingPageFrame } from '../components/BillingPageFrame';
import { DateRangeFilter } from '../components/DateRangeFilter';
import { usePagedQuery } from '../hooks/usePagedQuery';
import { openPayment } from '../lib/bank-form';
import { withoutPage } from '../lib/paging';
import { useCancelOrder, useOrders, usePayInstruction } from '../queries';
import type { Order, OrderState, PayMethod } from '../types';

const STATE_COLORS: Record<OrderState, string> = {
  pending: 'processing',
  paid: 'success',
  cancelled: 'default',
  closed: 'default',
};

export const PAY_METHOD_OPTIONS: { value: PayMethod; label: string }[] = [
  { value: 'sandbox', label: t('billing.pay.sandbox') },
  { value: 'bank_online', label: t('billing.pay.bankOnline') },
  { value: 'bank_transfer', label: t('billing.pay.bankTransfer') },
];

function grantsText(order: Order): string {
  const parts =
    order.grantBalanceFen > 0 ? [t('billing.order.grantBalance', { amount: formatFen(order.grantBalanceFen) })] : [];
  for (const credit of order.grantCredits) if (credit.count > 0) parts.push(`${credit.name} ×${credit.count}`);
  return parts.join('，') || '-';
}

function initialQuery(params: URLSearchParams): OrderQuery {
  const state = params.get('state');
  return { page: 1, size: 10, state: ORDER_STATES.find((item) => item === state) };
}

/** /my/order 订单记录: filters, export, cancel or continue paying a pending order, transfer details. */
export function OrdersPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { modal, message } = App.useApp();
  const { query, setQuery, filter, pagination } = usePagedQuery<OrderQuery>(() => initialQuery(params));
  const [transferOf, setTransferOf] = useState<Order | null>(null);
  const orders = useOrders(query);
  const cancel = useCancelOrder();
  const [continuing, setContinuing] = useState<number | null>(null);
  if (!user) return null;
  const canPay = hasPermission(user, 'pay');

  // The cashier is asked for again, so an order placed on another device can be paid here too.
  const continuePay = async (orderId: number) => {
    setContinuing(orderId);
    try {
      const instruction = await billingApi.payInstruction(orderId);
      openPayment(instruction);
    } catch (error) {
      void message.error(isApiError(error) ? error.msg : t('errors.requestFailed'));
      void orders.refetch();
    } finally {
      setContinuing(null);
    }
  };

  const confirmCancel = (order: Order) =>
    modal.confirm({
      title: t('billing.order.cancelConfirmTitle'),
      content: t('billing.order.cancelConfirmContent', { orderNo: order.orderNo, amount: formatFen(order.amountFen) }),
      okText: t('billing.order.cancel'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await cancel.mutateAsync(order.orderId).then(
          () => message.success(t('billing.order.cancelled')),
          () => undefined,
        );
      },
    });

  const actions = (order: Order) => {
    if (order.state !== 'pending') return '-';
    const own = order.userId === user.userId;
    return (
      <Space size={4} wrap>
        {order.payMethod !== 'bank_transfer' && own && (
          <Button
            type="link"
            size="small"
            loading={continuing === order.orderId}
            onClick={() => void continuePay(order.orderId)}
            data-testid={`continue-${order.orderNo}`}
          >
            {t('billing.order.continuePay')}
          </Button>
        )}
        {order.payMethod === 'bank_transfer' && (
          <Button type="link" size="small" onClick={() => setTransferOf(order)}>
            {t('billing.order.transferInfo')}
          </Button>
        )}
        {canPay && (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => confirmCancel(order)}
            data-testid={`cancel-${order.orderNo}`}
          >
            {t('billing.order.cancel')}
          </Button>
        )}
      </Space>
    );
  };

  const methodLabel = (method: PayMethod) => PAY_METHOD_OPTIONS.find((item) => item.value === method)?.label ?? method;
  const columns: TableProps<Order>['columns'] = [
    {
      title: `${t('billing.order.orderNo')} / ${t('billing.order.createTime')}`,
      dataIndex: 'orderNo',
      width: 230,
      render: (orderNo: string, order) => (
        <div>
          <Typography.Text copyable={{ text: orderNo }}>{orderNo}</Typography.Text>
          <div className="tl-bill-cell-meta">
            <Tag variant="filled">{order.kindLabel}</Tag>
            <Typography.Text type="secondary" className="tl-bill-small">
              {formatDateTime(order.createTime)}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t('billing.order.content'),
      dataIndex: 'title',
      render: (title: string, order) => (
        <div>
          <div>{title}</div>
          <Typography.Text type="secondary" className="tl-bill-small">
            {grantsText(order)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: `${t('billing.order.amount')} / ${t('billing.order.payMethod')}`,
      dataIndex: 'amountFen',
      align: 'right',
      width: 140,
      render: (fen: number, order) => (
        <div>
          <div className="tl-bill-number">{formatFen(fen)}</div>
          <Typography.Text type="secondary" className="tl-bill-small">
            {methodLabel(order.payMethod)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('billing.order.state'),
      dataIndex: 'state',
      width: 200,
      render: (state: OrderState, order) => (
        <div>
          <Space size={4}>
            <Tag color={STATE_COLORS[state]}>{order.stateLabel}</Tag>
            {order.invoiced && <Tag variant="filled">{t('billing.order.invoiced')}</Tag>}
          </Space>
          <Typography.Text type="secondary" className="tl-bill-small tl-bill-block">
            {state === 'pending'
              ? `${t('billing.order.expireTime')} ${formatDateTime(order.expireTime)}`
              : state === 'paid'
                ? `${t('billing.order.paidTime')} ${formatDateTime(order.paidTime)}`
                : ''}
          </Typography.Text>
        </div>
      ),
    },
    ...(user.level === 1 ? [{ title: t('billing.order.account'), dataIndex: 'phone', width: 120 }] : []),
    {
      title: t('billing.common.operation'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_value, order) => actions(order),
    },
  ];

  return (
    <BillingPageFrame
      title={t('billing.order.title')}
      subtitle={t('billing.order.subtitle')}
      testId="orders-page"
      extra={
        <Space>
          <ExportButton onExport={() => billingApi.exportOrders(withoutPage(query))} testId="orders-export">
            {t('billing.common.exportExcel')}
          </ExportButton>
          {canPay && (
            <Button type="primary" onClick={() => navigate('/pay')}>
              {t('billing.order.goPay')}
            </Button>
          )}
        </Space>
      }
    >
      <Card className="tl-bill-card">
        <Flex gap={12} wrap className="tl-bill-filters">
          <Select<OrderState>
            allowClear
            placeholder={t('billing.order.allStates')}
            style={{ width: 160 }}
            value={query.state}
            onChange={(state) => filter({ state })}
            options={ORDER_STATES.map((state) => ({ value: state, label: ORDER_STATE_LABELS[state] }))}
            data-testid="orders-state-filter"
          />
          <Select<PayMethod>
            allowClear
            placeholder={t('billing.order.allMethods')}
            style={{ width: 160 }}
            value={query.payMethod}
            onChange={(payMethod) => filter({ payMethod })}
            options={PAY_METHOD_OPTIONS}
          />
          <DateRangeFilter value={query} onChange={(range) => filter(range)} />
          <Button onClick={() => setQuery({ page: 1, size: query.size })}>{t('billing.common.reset')}</Button>
        </Flex>
        <Table<Order>
          rowKey="orderId"
          className={PHONE_CARDS_CLASS}
          columns={withCardLabels(columns)}
          dataSource={orders.data?.list ?? []}
          loading={orders.isFetching}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.order.empty')} /> }}
          pagination={pagination(orders.data?.total)}
          data-testid="orders-table"
        />
      </Card>
      <Modal
        open={transferOf !== null}
        title={t('billing.bank.title')}
        onCancel={() => setTransferOf(null)}
        footer={<Button onClick={() => setTransferOf(null)}>{t('billing.common.close')}</Button>}
        destroyOnHidden
      >
        {transferOf && <TransferInfo order={transferOf} />}
      </Modal>
    </BillingPageFrame>
  );
}

/** The account and reference of an own pending transfer order; another's order gets the general hint. */
function TransferInfo({ order }: { order: Order }) {
  const instruction = usePayInstruction(order.orderId, true);
  if (instruction.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const transfer = instruction.data?.bankTransfer;
  if (transfer) return <BankTransferDetails transfer={transfer} />;
  return <Typography.Paragraph>{t('billing.bank.unavailable', { orderNo: order.orderNo })}</Typography.Paragraph>;
}
