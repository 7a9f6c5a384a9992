import { LockOutlined, LogoutOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Modal, Result } from 'antd';
import { useNavigate } from 'react-router';
import { routeByName } from '../../../app/routes';
import { useCurrentRoute } from '../../../app/useCurrentRoute';
import { ComingSoon } from '../../../components/ComingSoon';
import { t } from '../../../locales';
import { logout } from '../../auth/logout';
import { useSessionUser } from '../../auth/queries';
import { needsUsageRight } from '../overlay-rule';

/** The route of the top-up page, once the billing feature adds it. */
const PAY_ROUTE_NAME = 'Pay';

/**
 * The no-permission overlay of spec §2, mounted once in the main layout: a user without a usage
 * right sees it above every page except the top-up page, with 退出登录 and 去购买.
 */
export function NoPermissionOverlay() {
  const user = useSessionUser();
  const current = useCurrentRoute();
  const navigate = useNavigate();
  const payRoute = routeByName(PAY_ROUTE_NAME);
  const open = user !== undefined && needsUsageRight(user) && current?.name !== PAY_ROUTE_NAME;

  const buy = payRoute ? (
    <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => navigate(payRoute.path)}>
      {t('accounts.overlay.buy')}
    </Button>
  ) : (
    <ComingSoon>
      <Button type="primary" icon={<ShoppingCartOutlined />} disabled>
        {t('accounts.overlay.buy')}
      </Button>
    </ComingSoon>
  );

  return (
    <Modal open={open} closable={false} keyboard={false} mask={{ closable: false }} footer={null} centered width={440}>
      <Result
        icon={<LockOutlined />}
        status="warning"
        title={t('accounts.overlay.title')}
        subTitle={t('accounts.overlay.content')}
        extra={[
          <Button key="logout" icon={<LogoutOutlined />} onClick={() => logout()}>
            {t('accounts.overlay.logout')}
          </Button>,
          <span key="buy">{buy}</span>,
        ]}
        data-testid="no-permission-overlay"
      />
    </Modal>
  );
}
