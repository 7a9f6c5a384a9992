import { formatFen } from '@taxlens/shared';
import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { routeByName } from '../../../app/routes';
import { t } from '../../../locales';
import type { CostPreview } from '../lib/cost';

const PAY_PATH = '/pay';

/** Who to turn to when the wallet is short: the user itself (may top up), or its main account. */
export interface FundsContact {
  /** The user may top up (the pay right): the refusal links to /pay. */
  canPay: boolean;
  /** The main account's phone, for a sub-account (findUserDetails superiorPhone). */
  superiorPhone: string | null;
}

/**
 * 余额不足 with what to do: the way to /pay for whoever may top up, else whom to ask. `text` is
 * the server's refusal when there was one (it names the main account and what to ask for).
 */
export function InsufficientFunds({
  name,
  priceFen,
  contact,
  text,
  limit = false,
}: {
  name: string;
  priceFen: number;
  contact: FundsContact;
  text?: string;
  limit?: boolean;
}) {
  const pay = routeByName('Pay')?.path ?? PAY_PATH;
  const ask = contact.superiorPhone ? t('staff.cost.askMain', { who: `（${contact.superiorPhone}）` }) : null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="insufficient-funds"
      title={contact.canPay ? t('reports.ticket.insufficient') : t('staff.cost.askTitle')}
      description={
        <Space orientation="vertical" size={4}>
          <span data-testid="insufficient-text">
            {text ??
              t(limit ? 'reports.ticket.limitText' : 'reports.ticket.insufficientText', {
                name,
                price: formatFen(priceFen),
              })}
          </span>
          {!text && !contact.canPay && ask && <span>{ask}</span>}
          {contact.canPay && <Link to={pay}>{t('reports.ticket.goPay')}</Link>}
        </Space>
      }
    />
  );
}

function CostLine({ main, side }: { main: string; side: string }) {
  return (
    <div className="tl-cost-line">
      <span className="tl-cost-main">{main}</span>
      <Typography.Text type="secondary">{side}</Typography.Text>
    </div>
  );
}

/** What this request will cost and what is left, read before anything is charged. */
export function CostCard({
  name,
  cost,
  loading,
  contact,
}: {
  name: string;
  cost: CostPreview | null;
  loading: boolean;
  contact: FundsContact;
}) {
  let body: React.ReactNode;
  if (loading || !cost) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (cost.payWith === 'credit')
    body = (
      <CostLine
        main={t('reports.ticket.payCredit', { name })}
        side={t('reports.ticket.creditsLeft', { count: cost.credits })}
      />
    );
  else if (cost.payWith === 'insufficient' || cost.payWith === 'limit')
    body = (
      <InsufficientFunds name={name} priceFen={cost.priceFen} contact={contact} limit={cost.payWith === 'limit'} />
    );
  else if (cost.payWith === 'group-credit')
    body = (
      <CostLine
        main={t('staff.cost.payGroupCredit', { name })}
        side={t('staff.cost.groupCreditsLeft', { count: cost.credits })}
      />
    );
  else if (cost.payWith === 'group-balance')
    body = (
      <CostLine
        main={t('staff.cost.payGroup', { price: formatFen(cost.priceFen) })}
        side={
          cost.limitLeftFen !== null
            ? t('staff.cost.limitLeft', { left: formatFen(cost.limitLeftFen) })
            : cost.balanceFen === null
              ? t('reports.ticket.balanceHidden')
              : t('staff.cost.groupLeft', { balance: formatFen(cost.balanceFen) })
        }
      />
    );
  else
    body = (
      <CostLine
        main={
          cost.priceFen === 0
            ? t('reports.ticket.free')
            : t('reports.ticket.payBalance', { price: formatFen(cost.priceFen) })
        }
        side={
          cost.balanceFen === null
            ? t('reports.ticket.balanceHidden')
            : t('reports.ticket.balanceLeft', { balance: formatFen(cost.balanceFen) })
        }
      />
    );
  return (
    <Card title={t('reports.ticket.costTitle')} size="small" data-testid="report-cost">
      {body}
    </Card>
  );
}
