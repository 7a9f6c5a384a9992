import { formatFen } from '@taxlens/shared';
import { Card, Skeleton, Typography } from 'antd';
import { t } from '../../../locales';
import { useBuyConfig, useUserDetails } from '../queries';
import { BalanceFigure } from './BalanceFigure';
import { CreditIcon } from './CreditIcon';

/** The signed-in user's balance, credits and the group's report prices, beside the pay form. */
export function AccountSummary() {
  const details = useUserDetails();
  const config = useBuyConfig();
  return (
    <Card title={t('billing.pay.account')} className="tl-bill-card" data-testid="pay-account">
      {details.data ? (
        <>
          <Typography.Text type="secondary" className="tl-bill-block">
            {t('billing.balanceCard.title')}
          </Typography.Text>
          <BalanceFigure balance={details.data.balance} />
          <ul className="tl-bill-credit-list">
            {details.data.numberList.map((item) => {
              const price = config.data?.prices.find((entry) => entry.type === item.type);
              return (
                <li key={item.type}>
                  <CreditIcon type={item.type} size={14} />
                  <span className="tl-bill-credit-list-name">{item.name}</span>
                  <Typography.Text strong data-testid={`credit-count-${item.type}`}>
                    {item.count}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="tl-bill-credit-list-price">
                    {price
                      ? price.priceFen > 0
                        ? `${t('common.yuanSymbol')}${formatFen(price.priceFen)}/${t('billing.common.times')}`
                        : t('billing.credits.priceFree')
                      : ''}
                  </Typography.Text>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Card>
  );
}
