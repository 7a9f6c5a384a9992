import { LogoutOutlined, RightOutlined } from '@ant-design/icons';
import { hasPermission, levelLabel, maskPhone, type SessionUser } from '@taxlens/shared';
import { Avatar, Button, Divider, Tag, Typography, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { canSeeRoute } from '../../app/guards';
import { routeByName } from '../../app/routes';
import { useAppTokens } from '../../app/useAppTokens';
import { BalanceValue } from '../../components/BalanceValue';
import { ComingSoon } from '../../components/ComingSoon';
import { COMPANY_DETAIL_ROUTE_NAME } from '../../features/accounts/routes';
import { t } from '../../locales';
import { HeaderThemePicker } from './HeaderThemePicker';

/** A popover entry that opens a dialog looks like the link entries. */
const ENTRY_BUTTON_STYLE: CSSProperties = {
  width: '100%',
  border: 0,
  background: 'transparent',
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
};

export function displayNameOf(user: SessionUser): string {
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

/** An entry that opens a dialog (password, phone), drawn as the page links above it. */
function DialogEntry({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <button type="button" className="tl-user-link" style={ENTRY_BUTTON_STYLE} onClick={onClick} data-testid={testId}>
      {label}
      <RightOutlined />
    </button>
  );
}

interface UserCardProps {
  user: SessionUser;
  /** Closes the popover (before a page change or a dialog). */
  close: () => void;
  openPassword: () => void;
  openPhone: () => void;
  confirmLogout: () => void;
}

/**
 * The user popover's content (spec §2): masked phone, group, level, balance and top-up, header
 * colour, account entries and logout. Its own chunk, loaded when the popover is about to open:
 * Divider, Typography and the theme picker are not needed to draw the header (issue 21).
 */
export function UserCard({ user, close, openPassword, openPhone, confirmLogout }: UserCardProps) {
  const { token } = theme.useToken();
  const tokens = useAppTokens();
  const name = displayNameOf(user);
  const level = user.level === 1 || user.level === 2 || user.level === 3 ? user.level : 3;
  const payRoute = routeByName('Pay');
  const subjectRoute = routeByName(COMPANY_DETAIL_ROUTE_NAME);
  return (
    <div className="tl-user-card" data-testid="user-popover">
      <div className="tl-user-head">
        <Avatar size={44} style={{ background: token.colorPrimary, flex: 'none' }}>
          {Array.from(name)[0]}
        </Avatar>
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
      <DialogEntry label={t('layout.user.changePassword')} onClick={openPassword} testId="change-password-entry" />
      <DialogEntry label={t('layout.user.changePhone')} onClick={openPhone} testId="change-phone-entry" />
      <Button block icon={<LogoutOutlined />} className="tl-user-logout" onClick={confirmLogout}>
        {t('layout.user.logout')}
      </Button>
    </div>
  );
}
