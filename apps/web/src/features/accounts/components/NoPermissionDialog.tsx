import { LockOutlined, LogoutOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Modal, Result } from 'antd';
import { useNavigate } from 'react-router';
import { routeByName } from '../../../app/routes';
import { ComingSoon } from '../../../components/ComingSoon';
import { t } from '../../../locales';
import { logout } from '../../auth/logout';

/** The dialog of NoPermissionOverlay, loaded only when it opens: 退出登录 and 去购买 (the top-up page). */
export function NoPermissionDialog({ payRouteName }: { payRouteName: string }) {
  const navigate = useNavigate();
  const payRoute = routeByName(payRouteName);

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
    <Modal open closable={false} keyboard={false} mask={{ closable: false }} footer={null} centered width={440}>
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
