import { formatFen } from '@taxlens/shared';
import { Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../../locales';
import type { PriceItem } from '../types';
import { CreditIcon } from './CreditIcon';

interface CreditGridProps {
  items: readonly { type: number; name: string; count: number }[] | undefined;
  prices?: readonly PriceItem[];
  loading?: boolean;
  /** Rendered under each item (e.g. a per-type action). */
  footer?: (type: number) => ReactNode;
}

/** The six credit types with their icons and counts (numberList), optionally with unit prices. */
export function CreditGrid({ items, prices, loading, footer }: CreditGridProps) {
  if (loading || !items) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <div className="tl-credit-grid-wrap">
      <div className="tl-credit-grid" data-testid="credit-grid">
        {items.map((item) => {
          const price = prices?.find((entry) => entry.type === item.type);
          return (
            <div key={item.type} className="tl-credit-item" data-credit-type={item.type}>
              <CreditIcon type={item.type} />
              <div className="tl-credit-body">
                <Typography.Text className="tl-credit-name" ellipsis={{ tooltip: item.name }}>
                  {item.name}
                </Typography.Text>
                <div className="tl-credit-count">
                  <span data-testid={`credit-count-${item.type}`}>{item.count}</span>
                  <span className="tl-credit-unit">{t('billing.common.times')}</span>
                </div>
                {price && (
                  <Typography.Text type="secondary" className="tl-credit-price">
                    {price.priceFen > 0
                      ? t('billing.credits.price', { price: formatFen(price.priceFen) })
                      : t('billing.credits.priceFree')}
                  </Typography.Text>
                )}
                {footer?.(item.type)}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
