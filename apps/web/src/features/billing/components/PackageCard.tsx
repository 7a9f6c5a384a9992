import { CheckCircleFilled } from '@ant-design/icons';
import { discountLabel, formatFen } from '@taxlens/shared';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../../locales';
import type { BillingPackage } from '../types';

interface SelectableCardProps {
  selected: boolean;
  onSelect: () => void;
  children: ReactNode;
  testId?: string;
  label: string;
}

/** A card that works as one option of a radio group (keyboard and screen readers included). */
export function SelectableCard({ selected, onSelect, children, testId, label }: SelectableCardProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card holding an input cannot be a native radio or button.
    <div
      role="radio"
      aria-checked={selected}
      aria-label={label}
      tabIndex={0}
      className={`tl-pay-option${selected ? ' is-selected' : ''}`}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect();
        }
      }}
      data-testid={testId}
    >
      {selected && <CheckCircleFilled className="tl-pay-option-check" />}
      {children}
    </div>
  );
}

/** What a package costs and grants: the price, the balance it adds, the credits it includes. */
export function PackageCard({
  pack,
  selected,
  onSelect,
}: {
  pack: BillingPackage;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <SelectableCard selected={selected} onSelect={onSelect} testId={`package-${pack.id}`} label={pack.name}>
      <Typography.Text strong className="tl-pay-option-name">
        {pack.name}
      </Typography.Text>
      <div className="tl-pay-option-price">
        <span className="tl-pay-option-symbol">{t('common.yuanSymbol')}</span>
        {formatFen(pack.discount?.priceFen ?? pack.priceFen)}
      </div>
      {pack.discount && (
        <div className="tl-pay-option-discount" data-testid={`package-${pack.id}-discount`}>
          <Tag color="red">{t('promotions.limitedTag', { label: discountLabel(pack.discount.ratePct / 100) })}</Tag>
          <Typography.Text delete type="secondary">
            {t('common.yuanSymbol')}
            {formatFen(pack.priceFen)}
          </Typography.Text>
        </div>
      )}
      <ul className="tl-pay-option-grants">
        {pack.balanceFen > 0 && <li>{t('billing.pay.grantBalance', { amount: formatFen(pack.balanceFen) })}</li>}
        {pack.credits
          .filter((credit) => credit.count > 0)
          .map((credit) => (
            <li key={credit.type}>{t('billing.pay.grantCredits', { name: credit.name, count: credit.count })}</li>
          ))}
      </ul>
      {pack.description && (
        <Typography.Paragraph
          type="secondary"
          className="tl-pay-option-desc"
          ellipsis={{ rows: 2, tooltip: pack.description }}
        >
          {pack.description}
        </Typography.Paragraph>
      )}
    </SelectableCard>
  );
}
