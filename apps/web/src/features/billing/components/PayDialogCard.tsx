import { CloseOutlined, CustomerServiceOutlined, WalletOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatFen, hasPermission, type SessionUser } from '@taxlens/shared';
import { Alert, Button, Card, Skeleton, Typography, theme } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { setChatOpen } from '../../../app/layout-state';
import { t } from '../../../locales';
import { PAY_PATH, purchaseInfoState } from '../lib/pay-dialog';
import { buyConfigQuery } from '../queries';
import './pay-dialog.css';

/**
 * What the pay dialog of spec §4 shows once PayDialog decided to open it: the packages (or, 5 s
 * without them, a note with the customer-service button) and the way to /pay. Its own chunk, so a
 * user who never sees the dialog does not download it (issue 21).
 */
export function PayDialogCard({
  user,
  openedAt,
  onClose,
}: {
  user: SessionUser;
  openedAt: number;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [, setTick] = useState(0);
  const { token } = theme.useToken();
  const buyConfig = useQuery(buyConfigQuery(true));

  // Re-render when the 5 s for the purchase info are up.
  useEffect(() => {
    const timer = setTimeout(() => setTick((tick) => tick + 1), Math.max(0, openedAt + 5_000 - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [openedAt]);

  const state = purchaseInfoState({ hasData: !!buyConfig.data, elapsedMs: Date.now() - openedAt });
  const canPay = hasPermission(user, 'pay');
  const packages = (buyConfig.data?.packages ?? []).slice(0, 3);
  const close = onClose;
  const style = { boxShadow: token.boxShadowSecondary, '--tl-pay-dialog-accent': token.colorPrimary } as CSSProperties;

  return (
    <section className="tl-pay-dialog" aria-label={t('billing.payDialog.label')} data-testid="pay-dialog" style={style}>
      <Card size="small" variant="borderless">
        <div className="tl-pay-dialog-head">
          <WalletOutlined className="tl-pay-dialog-icon" />
          <Typography.Text strong className="tl-pay-dialog-title">
            {t('billing.payDialog.title')}
          </Typography.Text>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('billing.common.close')}
            onClick={close}
          />
        </div>
        <Typography.Paragraph type="secondary" className="tl-pay-dialog-text">
          {t('billing.payDialog.content')}
        </Typography.Paragraph>
        {state === 'loading' && (
          <div role="status" aria-label={t('billing.payDialog.loading')}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </div>
        )}
        {state === 'missing' && (
          <Alert
            type="warning"
            showIcon
            title={t('billing.payDialog.missing')}
            data-testid="pay-dialog-missing"
            action={
              <Button size="small" icon={<CustomerServiceOutlined />} onClick={() => setChatOpen(true)}>
                {t('billing.payDialog.contact')}
              </Button>
            }
          />
        )}
        {state === 'ready' && packages.length > 0 && (
          <ul className="tl-pay-dialog-packages">
            {packages.map((item) => (
              <li key={item.id}>
                <span>{item.name}</span>
                <Typography.Text strong>
                  {t('common.yuanSymbol')}
                  {formatFen(item.priceFen)}
                </Typography.Text>
              </li>
            ))}
          </ul>
        )}
        <div className="tl-pay-dialog-actions">
          {canPay ? (
            <Button
              type="primary"
              data-testid="pay-dialog-go"
              onClick={() => {
                close();
                navigate(PAY_PATH);
              }}
            >
              {t('billing.payDialog.goPay')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('billing.payDialog.noPayRight')}</Typography.Text>
          )}
          <Button type="text" onClick={close}>
            {t('billing.payDialog.close')}
          </Button>
        </div>
      </Card>
    </section>
  );
}
