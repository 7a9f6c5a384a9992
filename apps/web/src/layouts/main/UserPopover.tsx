import { DownOutlined, LogoutOutlined, RightOutlined } from '@ant-design/icons';
import { hasPermission, levelLabel, maskPhone, type SessionUser } from '@taxlens/shared';
import { App, Avatar, Button, Divider, Popover, Tag, Typography, theme } from 'antd';
import { type CSSProperties, lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { canSeeRoute } from '../../app/guards';
import { routeByName } from '../../app/routes';
import { useAppTokens } from '../../app/useAppTokens';
import { BalanceValue } from '../../components/BalanceValue';
import { ComingSoon } from '../../components/ComingSoon';
import { COMPANY_DETAIL_ROUTE_NAME } from '../../features/accounts/routes';
import { logout } from '../../features/auth/logout';
import { t } from '../../locales';
import { HeaderThemePicker } from './HeaderThemePicker';
import './user-popover.css';

// Loaded on first use: the sign-in code of the dialog is not needed to show the header.
const ChangePhoneDialog = lazy(() =>
  import('../../features/accounts/components/ChangePhoneDialog').then((module) => ({
    default: module.ChangePhoneDialog,
  })),
);
const ChangePasswordDialog = lazy(() =>
  import('../../features/accounts/components/ChangePasswordDialog').then((module) => ({
    default: module.ChangePasswordDialog,
  })),
);

/** A popover entry that opens a dialog looks like the link entries. */
const ENTRY_BUTTON_STYLE: CSSProperties = {
  width: '100%',
  border: 0,
  background: 'transparent',
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
};

function displayNameOf(user: SessionUser): string {
  return user.nickName?.trim() || maskPhone(user.phone);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="tl-user-row">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="tl-user-row-value">{children}</div>
    </div>
  );
}

/** A link to a page of the route table, or a disabled 即将上线 entry until that page exists. */
function PageLink({ routeName, label, onNavigate }: { routeName: string; label: string; onNavigate: () => void }) {
  const route = routeByName(routeName);
  if (!route) {
    return (
      <ComingSoon placement="left" block>
        <span className="tl-user-link is-disabled">
          {label}
          <RightOutlined />
        </span>
      </ComingSoon>
    );
  }
  return (
    <Link className="tl-user-link" to={route.path} onClick={onNavigate}>
      {label}
      <RightOutlined />
    </Link>
  );
}

/** The user popover of spec §2: masked phone, group, level, balance, top-up and logout. */
export function UserPopover({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate out; its form resets on close.
  const [passwordMounted, setPasswordMounted] = useState(false);
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const tokens = useAppTokens();
  const name = displayNameOf(user);
  const level = user.level === 1 || user.level === 2 || user.level === 3 ? user.level : 3;
  const payRoute = routeByName('Pay');
  const subjectRoute = routeByName(COMPANY_DETAIL_ROUTE_NAME);
  const close = () => setOpen(false);
  const openPassword = () => {
    close();
    setPasswordMounted(true);
    setPasswordOpen(true);
  };
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [phoneMounted, setPhoneMounted] = useState(false);
  const openPhone = () => {
    close();
    setPhoneMounted(true);
    setPhoneOpen(true);
  };

  const confirmLogout = () => {
    close();
    modal.confirm({
      title: t('layout.user.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => logout(),
    });
  };

  const avatar = (size: number) => (
    <Avatar size={size} style={{ background: token.colorPrimary, flex: 'none' }}>
      {Array.from(name)[0]}
    </Avatar>
  );

  const content = (
    <div className="tl-user-card" data-testid="user-popover">
      <div className="tl-user-head">
        {avatar(44)}
        <div className="tl-user-head-text">
          <Typography.Text strong ellipsis>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="user-phone">
            {maskPhone(user.phone)}
          </Typography.Text>
        </div>
      </div>
      <Divider className="tl-user-divider" />
      <Row label={t('layout.user.group')}>
        <Typography.Text ellipsis={{ tooltip: true }} data-testid="user-group">
          {user.groupName ?? t('layout.header.noSubject')}
        </Typography.Text>
      </Row>
      <Row label={t('layout.user.level')}>
        <Tag color={tokens.levelColors[level]} data-testid="user-level" style={{ marginInlineEnd: 0 }}>
          {user.levelString || levelLabel(user.level)}
        </Tag>
      </Row>
      <Row label={t('layout.user.balance')}>
        <BalanceValue user={user} />
        {hasPermission(user, 'pay') &&
          (payRoute ? (
            <Link to={payRoute.path} onClick={close}>
              {t('layout.user.recharge')}
            </Link>
          ) : (
            <ComingSoon>
              <Typography.Text disabled>{t('layout.user.recharge')}</Typography.Text>
            </ComingSoon>
          ))}
      </Row>
      <Row label={t('layout.user.headerTheme')}>
        <HeaderThemePicker user={user} />
      </Row>
      <Divider className="tl-user-divider" />
      {subjectRoute && canSeeRoute(subjectRoute, user) && (
        <PageLink
          routeName={COMPANY_DETAIL_ROUTE_NAME}
          label={user.isGroup === 1 ? t('layout.user.mainBodyInfo') : t('layout.header.bindSubject')}
          onNavigate={close}
        />
      )}
      <button
        type="button"
        className="tl-user-link"
        style={ENTRY_BUTTON_STYLE}
        onClick={openPassword}
        data-testid="change-password-entry"
      >
        {t('layout.user.changePassword')}
        <RightOutlined />
      </button>
      <button
        type="button"
        className="tl-user-link"
        style={ENTRY_BUTTON_STYLE}
        onClick={openPhone}
        data-testid="change-phone-entry"
      >
        {t('layout.user.changePhone')}
        <RightOutlined />
      </button>
      <Button block icon={<LogoutOutlined />} className="tl-user-logout" onClick={confirmLogout}>
        {t('layout.user.logout')}
      </Button>
    </div>
  );

  return (
    <>
      <Popover
        content={content}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        open={open}
        onOpenChange={setOpen}
      >
        <button type="button" className="tl-user-trigger" data-testid="user-trigger">
          {avatar(28)}
          <span className="tl-user-trigger-name">{name}</span>
          <DownOutlined className="tl-user-trigger-caret" />
        </button>
      </Popover>
      {passwordMounted && (
        <Suspense fallback={null}>
          <ChangePasswordDialog user={user} open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
      {phoneMounted && (
        <Suspense fallback={null}>
          <ChangePhoneDialog currentPhone={user.phone} open={phoneOpen} onClose={() => setPhoneOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
