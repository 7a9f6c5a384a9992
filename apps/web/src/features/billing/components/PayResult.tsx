import { LoadingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatFen } from '@taxlens/shared';
import { Button, Card, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../../locales';
import { billingApi } from '../api';
import { billingKeys, useInvalidateAssets, usePayInstruction, useUserDetails } from '../queries';
import { BalanceFigure } from './BalanceFigure';
import { BankTransferDetails } from './BankTransferDetails';
import { CreditGrid } from './CreditGrid';

/** How often and how long /pay?orderId= asks for the order's state after the cashier. */
export const PAY_POLL_INTERVAL_MS = 2_000;
export const PAY_POLL_LIMIT_MS = 2 * 60_000;

/** Back from the cashier on /pay?orderId=: polls findPayState until paid, cancelled or closed. */
export function PayResult({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateAssets();
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const state = useQuery({
    queryKey: billingKeys.payState(orderId),
    queryFn: ({ signal }) => billingApi.payState(orderId, { signal }),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.state === 'pending' && Date.now() - startedAt < PAY_POLL_LIMIT_MS
        ? PAY_POLL_INTERVAL_MS
        : false,
  });
  const paid = state.data?.state === 'paid';
  const details = useUserDetails();
  const instruction = usePayInstruction(orderId, state.data?.state === 'pending').data;

  useEffect(() => {
    if (!paid) return;
    // The new balance and credits: session user (header, home), details, every billing list.
    void invalidate();
  }, [paid, invalidate]);

  const again = (
    <Button type="primary" key="again" onClick={() => navigate('/pay')}>
      {t('billing.payResult.retryOrder')}
    </Button>
  );

  if (state.isLoading) {
    return (
      <Card className="tl-bill-card">
        <div className="tl-bill-center" data-testid="pay-result-checking">
          <Spin indicator={<LoadingOutlined spin />} size="large" />
          <Typography.Text type="secondary">{t('billing.payResult.checking')}</Typography.Text>
        </div>
      </Card>
    );
  }
  if (!state.data) {
    return (
      <Card className="tl-bill-card">
        <Result
          status="warning"
          title={t('billing.payResult.notFound')}
          extra={again}
          data-testid="pay-result-missing"
        />
      </Card>
    );
  }
  const order = state.data;

  if (paid) {
    return (
      <Card className="tl-bill-card" data-testid="pay-result-paid">
        <Result
          status="success"
          title={t('billing.payResult.paidTitle')}
          subTitle={t('billing.payResult.paidContent', { orderNo: order.orderNo, amount: formatFen(order.amountFen) })}
          className="tl-bill-compact-result"
          extra={[
            <Button type="primary" key="account" onClick={() => navigate('/my')}>
              {t('billing.payResult.viewAccount')}
            </Button>,
            <Button key="orders" onClick={() => navigate('/my/order')}>
              {t('billing.pay.viewOrders')}
            </Button>,
            <Button key="more" onClick={() => navigate('/pay')}>
              {t('billing.pay.continue')}
            </Button>,
          ]}
        />
        <div className="tl-pay-after">
          <Typography.Text type="secondary">{t('billing.payResult.newBalance')}</Typography.Text>
          <BalanceFigure balance={details.data?.balance} />
          <Typography.Text type="secondary" className="tl-bill-block">
            {t('billing.payResult.newCredits')}
          </Typography.Text>
          <CreditGrid items={details.data?.numberList} loading={details.isLoading} />
        </div>
      </Card>
    );
  }

  if (order.state === 'cancelled' || order.state === 'closed') {
    return (
      <Card className="tl-bill-card" data-testid={`pay-result-${order.state}`}>
        <Result
          status="warning"
          title={
            order.state === 'cancelled' ? t('billing.payResult.cancelledTitle') : t('billing.payResult.closedTitle')
          }
          subTitle={t('billing.payResult.endedContent', { orderNo: order.orderNo })}
          extra={again}
        />
      </Card>
    );
  }

  // Pending: still at the cashier, or a bank transfer waiting for the operator.
  const polling = Date.now() - startedAt < PAY_POLL_LIMIT_MS;
  const transfer = instruction?.bankTransfer;
  return (
    <Card className="tl-bill-card" data-testid="pay-result-pending">
      <Result
        icon={polling && !transfer ? <Spin indicator={<LoadingOutlined spin />} size="large" /> : undefined}
        status="info"
        title={t('billing.payResult.pendingTitle')}
        subTitle={
          transfer
            ? t('billing.payResult.pendingTransfer', { orderNo: order.orderNo })
            : polling
              ? t('billing.payResult.pendingContent', { orderNo: order.orderNo })
              : t('billing.payResult.pendingTimeout')
        }
        className="tl-bill-compact-result"
        extra={[
          instruction?.cashierUrl && (
            <Button type="primary" key="cashier" onClick={() => window.location.assign(instruction.cashierUrl ?? '')}>
              {t('billing.order.continuePay')}
            </Button>
          ),
          <Button
            key="refresh"
            onClick={() => {
              setStartedAt(Date.now());
              void state.refetch();
            }}
          >
            {t('billing.common.refresh')}
          </Button>,
          <Button key="orders" onClick={() => navigate('/my/order')}>
            {t('billing.pay.viewOrders')}
          </Button>,
        ]}
      />
      {transfer && <BankTransferDetails transfer={transfer} />}
    </Card>
  );
}
