import { ClockCircleOutlined } from '@ant-design/icons';
import { type DiscountBanner, discountLabel, formatFen } from '@taxlens/shared';
import { Button, Modal, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { t } from '../../../locales';
import { countdownDeadline, countdownOver, countdownParts } from '../lib/timing';

export type DiscountItem = DiscountBanner['list'][number];

// A quarter-second tick keeps the seconds honest without re-rendering the page needlessly.
const TICK_MS = 250;

interface DiscountDialogProps {
  discount: DiscountItem;
  /** The user closed it: the retention dialog follows. */
  onClose: () => void;
  /** Less than one second left: it closes by itself. */
  onExpire: () => void;
  onLearnMore: () => void;
}

/** The limited-time discount dialog of spec §2/§4: hours/minutes/seconds countdown and 了解详情. */
export function DiscountDialog({ discount, onClose, onExpire, onLearnMore }: DiscountDialogProps) {
  // The deadline is fixed when the dialog opens: the end of the discount, at most 30 minutes on.
  const [deadline] = useState(() => countdownDeadline(Date.now(), discount.eventendDate));
  const [now, setNow] = useState(() => Date.now());
  const over = countdownOver(deadline, now);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (over) onExpire();
  }, [over, onExpire]);

  const label = discountLabel(discount.eventendDiscount);
  const [hours, minutes, seconds] = countdownParts(deadline, now);
  return (
    <Modal
      open={!over}
      centered
      width={420}
      footer={null}
      onCancel={onClose}
      closable={{ 'aria-label': t('promotions.close') }}
      className="tl-promo-discount-modal"
    >
      <div className="tl-promo-discount" data-testid="promo-discount-dialog">
        {discount.image && <img src={discount.image} alt={discount.title} className="tl-promo-discount-image" />}
        <Tag color="red" className="tl-promo-discount-tag">
          {t('promotions.discountHeading')}
        </Tag>
        <Typography.Title level={4} className="tl-promo-discount-title">
          {discount.title}
        </Typography.Title>
        <div className="tl-promo-discount-rate" data-testid="promo-discount-rate">
          {label}
        </div>
        <div className="tl-promo-discount-price">
          <span>{discount.packageName}</span>
          <strong>
            {t('promotions.nowPrice')} ¥{formatFen(discount.discountPriceFen)}
          </strong>
          <Typography.Text delete type="secondary">
            {t('promotions.originalPrice', { amount: formatFen(discount.priceFen) })}
          </Typography.Text>
        </div>
        <div className="tl-promo-countdown" data-testid="promo-countdown" aria-live="off">
          <ClockCircleOutlined />
          <span>{t('promotions.endsIn')}</span>
          <b>{hours}</b>
          {t('promotions.hours')}
          <b>{minutes}</b>
          {t('promotions.minutes')}
          <b>{seconds}</b>
          {t('promotions.seconds')}
        </div>
        <Button type="primary" size="large" block danger onClick={onLearnMore} data-testid="promo-learn-more">
          {t('promotions.learnMore')}
        </Button>
      </div>
    </Modal>
  );
}

/** The retention dialog of spec §2: 放弃优惠 or 了解详情 after the discount dialog is closed. */
export function RetentionDialog({
  discount,
  onGiveUp,
  onLearnMore,
}: {
  discount: DiscountItem;
  onGiveUp: () => void;
  onLearnMore: () => void;
}) {
  const label = discountLabel(discount.eventendDiscount);
  return (
    <Modal
      open
      centered
      width={400}
      closable={false}
      mask={{ closable: false }}
      title={t('promotions.retentionTitle')}
      footer={[
        <Button key="give-up" onClick={onGiveUp} data-testid="promo-give-up">
          {t('promotions.giveUp')}
        </Button>,
        <Button key="more" type="primary" onClick={onLearnMore} data-testid="promo-retention-more">
          {t('promotions.learnMore')}
        </Button>,
      ]}
    >
      <div data-testid="promo-retention-dialog">
        <Typography.Paragraph>
          {t('promotions.retentionContent', { name: discount.packageName, label })}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
