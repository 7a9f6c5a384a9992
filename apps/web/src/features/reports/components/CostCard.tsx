import { formatFen } from '@taxlens/shared';
import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { routeByName } from '../../../app/routes';
import { t } from '../../../locales';
import type { CostPreview } from '../lib/cost';

const PAY_PATH = '/pay';

/** 余额不足 with the way to /pay (the top-up page of spec §2); `name` is the report kind's. */
export function InsufficientFunds({ name, priceFen }: { name: string; priceFen: number }) {
  const pay = routeByName('Pay')?.path ?? PAY_PATH;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="insufficient-funds"
      title={t('reports.ticket.insufficient')}
      description={
        <Space orientation="vertical" size={4}>
          <span>{t('reports.ticket.insufficientText', { name, price: formatFen(priceFen) })}</span>
          <Link to={pay}>{t('reports.ticket.goPay')}</Link>
        </Space>
      }
    />
  );
}

/** What this request will cost and what is left, read before anything is charged. */
export function CostCard({ name, cost, loading }: { name: string; cost: CostPreview | null; loading: boolean }) {
  return (
    <Card title={t('reports.ticket.costTitle')} size="small" data-testid="report-cost">
      {loading || !cost ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : cost.payWith === 'credit' ? (
        <div className="tl-cost-line">
          <span className="tl-cost-main">{t('reports.ticket.payCredit', { name })}</span>
          <Typography.Text type="secondary">{t('reports.ticket.creditsLeft', { count: cost.credits })}</Typography.Text>
        </div>
      ) : cost.payWith === 'insufficient' ? (
        <InsufficientFunds name={name} priceFen={cost.priceFen} />
      ) : (
        <div className="tl-cost-line">
          <span className="tl-cost-main">
            {cost.priceFen === 0
              ? t('reports.ticket.free')
              : t('reports.ticket.payBalance', { price: formatFen(cost.priceFen) })}
          </span>
          <Typography.Text type="secondary">
            {cost.balanceFen === null
              ? t('reports.ticket.balanceHidden')
              : t('reports.ticket.balanceLeft', { balance: formatFen(cost.balanceFen) })}
          </Typography.Text>
        </div>
      )}
    </Card>
  );
}
