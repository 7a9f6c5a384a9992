import { CustomerServiceOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { SessionUser } from '@taxlens/shared';
import { Link } from 'react-router';
import { layoutStore, setChatOpen, toggleAside, useLayoutState } from '../../app/layout-state';
import { routeByName } from '../../app/routes';
import { useAppTokens } from '../../app/useAppTokens';
import { BrandLogo } from '../../components/BrandLogo';
import { ComingSoon } from '../../components/ComingSoon';
import { LightCount } from '../../components/LightBadge';
import { NoticeBell } from '../../features/notices/NoticeBell';
import { useHeaderBadge } from '../../features/reports/notifications/useUnreadReports';
import { t } from '../../locales';
import { HEADER_ENTRIES, type HeaderEntry } from './header-entries';
import { UserPopover } from './UserPopover';
import './app-header.css';

/** Name of the account-subject binding page, added by a later issue. */
const BIND_SUBJECT_ROUTE = 'BindSubject';

/**
 * `grouped`: only a group user has reports and notices to count; before the account subject is
 * bound (right after sign-up) the server answers 请先绑定账户主体, so nothing is asked.
 */
function HeaderLink({ entry, grouped }: { entry: HeaderEntry; grouped: boolean }) {
  const Icon = entry.icon;
  const route = routeByName(entry.routeName);
  const body = (
    <>
      <Icon />
      <span className="tl-header-action-label">{entry.label}</span>
    </>
  );
  const unread = useHeaderBadge(grouped ? entry.badge : undefined);
  if (!route) {
    return (
      <ComingSoon placement="bottom">
        <span className="tl-header-action is-disabled" data-header-entry={entry.key}>
          {body}
        </span>
      </ComingSoon>
    );
  }
  return (
    <LightCount className="tl-header-entry" count={unread ?? 0} overflowCount={99} size="small" offset={[-6, 6]}>
      <Link className="tl-header-action" to={route.path} data-header-entry={entry.key}>
        {body}
      </Link>
    </LightCount>
  );
}

function GroupName({ user }: { user: SessionUser }) {
  if (user.isGroup === 1) {
    return (
      <span className="tl-header-group" data-testid="header-group" title={user.groupName ?? ''}>
        {user.groupName}
      </span>
    );
  }
  const bindRoute = routeByName(BIND_SUBJECT_ROUTE);
  return (
    <span className="tl-header-group" data-testid="header-group">
      {t('layout.header.noSubject')}
      {bindRoute ? (
        <Link className="tl-header-bind" to={bindRoute.path}>
          {t('layout.header.bindSubject')}
        </Link>
      ) : (
        <ComingSoon placement="bottom">
          <span className="tl-header-bind is-disabled">{t('layout.header.bindSubject')}</span>
        </ComingSoon>
      )}
    </span>
  );
}

/** Header of spec §2: logo, group name, report entries, customer service and the user popover. */
export function AppHeader({ user }: { user: SessionUser }) {
  const { asideCollapsed } = useLayoutState();
  const tokens = useAppTokens();
  const entries = HEADER_ENTRIES.filter((entry) => entry.visible?.(user) ?? true);
  return (
    <header className="tl-header">
      <div className="tl-header-left">
        <Link to="/home" className="tl-header-logo" aria-label={t('common.appFullName')}>
          <BrandLogo size={30} textColor={tokens.headerText} />
        </Link>
        <button
          type="button"
          className="tl-header-icon-button"
          aria-label={asideCollapsed ? t('layout.asideExpand') : t('layout.asideCollapse')}
          title={asideCollapsed ? t('layout.asideExpand') : t('layout.asideCollapse')}
          onClick={toggleAside}
        >
          {asideCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </button>
        <span className="tl-header-divider" />
        <GroupName user={user} />
      </div>
      <div className="tl-header-right">
        {entries.map((entry) => (
          <HeaderLink key={entry.key} entry={entry} grouped={user.isGroup === 1} />
        ))}
        {user.isGroup === 1 && <NoticeBell />}
        <button
          type="button"
          className="tl-header-action"
          data-header-entry="customer-service"
          onClick={() => setChatOpen(!layoutStore.get().chatOpen)}
        >
          <CustomerServiceOutlined />
          <span className="tl-header-action-label">{t('layout.header.customerService')}</span>
        </button>
        <span className="tl-header-divider" />
        <UserPopover user={user} />
      </div>
    </header>
  );
}
