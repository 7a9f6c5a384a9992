import { RightOutlined } from '@ant-design/icons';
import { formatFen, HIDDEN_BALANCE, hasPermission } from '@taxlens/shared';
import { Button, Card, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLayoutState } from '../../../app/layout-state';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { BalanceFigure } from '../components/BalanceFigure';
import { BalanceToNumModal } from '../components/BalanceToNumModal';
import { BankStatementCard } from '../components/BankStatementCard';
import { BillingPageFrame } from '../components/BillingPageFrame';
import { CreditGrid } from '../components/CreditGrid';
import { FlowDrawer } from '../components/FlowDrawer';
import { FlowTable } from '../components/FlowTable';
import { LoadError } from '../components/LoadError';
import { ReportStatsCard } from '../components/ReportStatsCard';
import { useBuyConfig, useFlow, useOverview } from '../queries';

const RECENT_FLOW = { page: 1, size: 6 };

/** /my 账户余额: balance, credits, this month's figures, report statistics and the recent flow. */
export function MyAccountPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const overview = useOverview();
  const prices = useBuyConfig();
  const recent = useFlow(RECENT_FLOW);
  const { balanceHidden } = useLayoutState();
  const [toNumberOpen, setToNumberOpen] = useState(false);
  const [flowOpen, setFlowOpen] = useState(false);
  if (!user) return null;
  const canPay = hasPermission(user, 'pay');
  const data = overview.data;
  const balance = data?.wallet.balance ?? null;
  const money = (fen: number | null) => (fen === null || balanceHidden ? HIDDEN_BALANCE : formatFen(fen));

  return (
    <BillingPageFrame title={t('billing.routes.my')} subtitle={t('billing.balanceCard.subtitle')} testId="my-page">
      {overview.isError && !data ? (
        <Card className="tl-bill-card">
          <LoadError onRetry={() => overview.refetch()} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={9}>
            <Card
              title={t('billing.balanceCard.title')}
              className="tl-bill-card tl-balance-card"
              data-testid="balance-card"
            >
              {data ? (
                <>
                  <BalanceFigure balance={balance} />
                  {balance === null && (
                    <Typography.Text type="secondary" className="tl-bill-block">
                      {t('billing.balanceCard.hiddenHint')}
                    </Typography.Text>
                  )}
                  <div className="tl-balance-actions">
                    <Space wrap>
                      {canPay && (
                        <Button type="primary" onClick={() => navigate('/pay')} data-testid="my-recharge">
                          {t('billing.balanceCard.recharge')}
                        </Button>
                      )}
                      <Button onClick={() => setToNumberOpen(true)} disabled={!prices.data}>
                        {t('billing.balanceCard.toNumber')}
                      </Button>
                    </Space>
                  </div>
                </>
              ) : (
                <Skeleton active paragraph={{ rows: 2 }} />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={15}>
            <Card title={t('billing.overview.title')} className="tl-bill-card" data-testid="overview-card">
              {data ? (
                <>
                  <div className="tl-overview-grid">
                    <Statistic title={t('billing.overview.spent')} value={money(data.spentThisMonthFen)} />
                    <Statistic title={t('billing.overview.toppedUp')} value={money(data.topUpThisMonthFen)} />
                    <Statistic title={t('billing.overview.reports')} value={data.reportsThisMonth} />
                    <Statistic
                      title={t('billing.overview.pendingOrders')}
                      value={data.pendingOrders}
                      suffix={
                        data.pendingOrders > 0 ? (
                          <Link to="/my/order?state=pending" className="tl-bill-small-link">
                            <RightOutlined />
                          </Link>
                        ) : undefined
                      }
                    />
                  </div>
                  <Typography.Text type="secondary">
                    {t('billing.overview.toppedUpTotal', { amount: money(data.topUpTotalFen) })}
                  </Typography.Text>
                </>
              ) : (
                <Skeleton active paragraph={{ rows: 2 }} />
              )}
            </Card>
          </Col>
          <Col span={24}>
            <Card
              title={t('billing.credits.title')}
              className="tl-bill-card"
              extra={<Link to="/my/number">{t('billing.credits.manage')}</Link>}
            >
              <CreditGrid items={data?.wallet.numberList} prices={prices.data?.prices} loading={!data} />
            </Card>
          </Col>
          <Col xs={24} xxl={14}>
            <ReportStatsCard user={user} />
          </Col>
          {user.level === 1 && hasPermission(user, 'pay') && (
            <Col span={24}>
              <BankStatementCard />
            </Col>
          )}
          <Col xs={24} xxl={10}>
            <Card
              title={t('billing.flow.title')}
              className="tl-bill-card"
              extra={
                <Button type="link" onClick={() => setFlowOpen(true)} data-testid="flow-all">
                  {t('billing.common.viewAll')}
                </Button>
              }
            >
              <FlowTable
                rows={recent.data?.list}
                loading={recent.isLoading}
                pagination={false}
                compact
                testId="recent-flow"
                hideAmounts={user.listHidden.flowHidden === 1}
              />
            </Card>
          </Col>
        </Row>
      )}
      <BalanceToNumModal
        open={toNumberOpen}
        onClose={() => setToNumberOpen(false)}
        balance={balance}
        prices={prices.data?.prices ?? []}
      />
      <FlowDrawer open={flowOpen} onClose={() => setFlowOpen(false)} />
    </BillingPageFrame>
  );
}
