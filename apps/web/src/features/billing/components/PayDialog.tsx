import { CloseOutlined, CustomerServiceOutlined, WalletOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatFen, hasPermission } from '@taxlens/shared';
import { Alert, Button, Card, Skeleton, Typography, theme } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setChatOpen, useLayoutState } from '../../../app/layout-state';
import { createStore, useStore } from '../../../lib/store';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { purchaseInfoState, shouldCheckPayDialog, shouldShowPayDialog } from '../lib/pay-dialog';
import { buyConfigQuery, userDetailsQuery } from '../queries';
import './pay-dialog.css';

const PAY_PATH = '/pay';
/** The login (by its loginTimeStamp) whose check is done, so a reload does not show the dialog again. */
const CHECKED_KEY = 'taxlens.billing.payDialogCheckedFor';
/** The login whose check for the server's notCheckPayDialogFlag is done. */
const FLAG_CHECKED_KEY = 'taxlens.billing.payDialogFlagCheckedFor';

/** notCheckPayDialogFlag (spec §3/§4): set by other parts of the app to ask for the check again. */
const payDialogFlag = createStore(false);

export function requestPayDialogCheck(): void {
  payDialogFlag.set(true);
}

function checkedFor(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function markChecked(key: string, loginTimeStamp: number): void {
  try {
    sessionStorage.setItem(key, String(loginTimeStamp));
  } catch {
    // Without storage the dialog may show once more after a reload; harmless.
  }
}

/**
 * The pay dialog of spec §4, mounted once in the main layout. It is a non-blocking card (the
 * page stays usable behind it), closes when the user moves to another page, and links to /pay.
 */
export function PayDialog() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { chatOpen } = useLayoutState();
  const flagSet = useStore(payDialogFlag);
  const [mountedAt] = useState(() => Date.now());
  const [openOn, setOpenOn] = useState<{ path: string; at: number } | null>(null);
  const [, setTick] = useState(0);
  const { token } = theme.useToken();

  const loginTimeStamp = user?.loginTimeStamp ?? 0;
  // The details the app already holds (loaded after sign-in, refreshed after a report request).
  const cached = useQuery({ ...userDetailsQuery(true), enabled: false });
  const serverFlag = cached.data?.notCheckPayDialogFlag === 1;
  const serverFlagChecked = checkedFor(FLAG_CHECKED_KEY) === String(loginTimeStamp);
  const shownForThisLogin = checkedFor(CHECKED_KEY) === String(loginTimeStamp);
  const checks = useMemo(
    () => ({
      loginTimeStamp,
      now: mountedAt,
      flagSet,
      serverFlag,
      serverFlagCheckedForThisLogin: serverFlagChecked,
      shownForThisLogin,
    }),
    [loginTimeStamp, mountedAt, flagSet, serverFlag, serverFlagChecked, shownForThisLogin],
  );
  // A user without an account subject cannot buy yet: binding it comes first.
  const check = !!user && user.isGroup === 1 && pathname !== PAY_PATH && shouldCheckPayDialog(checks);
  const details = useQuery({ ...userDetailsQuery(true), enabled: check && openOn === null });
  const buyConfig = useQuery({ ...buyConfigQuery(true), enabled: openOn !== null });

  useEffect(() => {
    if (!check || openOn !== null || !details.data) return;
    const show = shouldShowPayDialog({
      ...checks,
      balance: details.data.balance,
      credits: details.data.numberList,
      shownForThisLogin: false,
    });
    markChecked(CHECKED_KEY, loginTimeStamp);
    if (checks.serverFlag) markChecked(FLAG_CHECKED_KEY, loginTimeStamp);
    payDialogFlag.set(false);
    if (show) setOpenOn({ path: pathname, at: Date.now() });
  }, [check, openOn, details.data, checks, loginTimeStamp, pathname]);

  // Leaving the page where it appeared closes it.
  useEffect(() => {
    if (openOn && pathname !== openOn.path) setOpenOn(null);
  }, [pathname, openOn]);

  // Re-render when the 5 s for the purchase info are up.
  useEffect(() => {
    if (!openOn) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), Math.max(0, openOn.at + 5_000 - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [openOn]);

  if (!user || !openOn || chatOpen) return null;

  const state = purchaseInfoState({ hasData: !!buyConfig.data, elapsedMs: Date.now() - openOn.at });
  const canPay = hasPermission(user, 'pay');
  const packages = (buyConfig.data?.packages ?? []).slice(0, 3);
  const close = () => setOpenOn(null);
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
