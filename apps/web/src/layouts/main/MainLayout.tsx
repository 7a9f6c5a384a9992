import type { CSSProperties } from 'react';
import { Outlet } from 'react-router';
import { useLayoutState } from '../../app/layout-state';
import { MENU_GROUPS, ROUTES } from '../../app/routes';
import { useAppTokens } from '../../app/useAppTokens';
import { useCurrentRoute } from '../../app/useCurrentRoute';
import { NoPermissionOverlay } from '../../features/accounts/components/NoPermissionOverlay';
import { useSessionUser } from '../../features/auth/queries';
import { PayDialog } from '../../features/billing/components/PayDialog';
import { ReportNotifications } from '../../features/reports/notifications/ReportNotifications';
import { useRealtimeConnection } from '../../lib/realtime';
import { AppHeader } from './AppHeader';
import { ChatEntry } from './ChatEntry';
import { headerColorOf } from './header-colors';
import { IconRail } from './IconRail';
import { activeGroupKey, buildMenu } from './menu-model';
import { SecondAside } from './SecondAside';
import { useViewportWatcher } from './useViewportWatcher';
import './main-layout.css';
import './phone-shell.css';

/** Layout of every signed-in page (rank < 999): header, icon menu, second-level aside, chat entry. */
export function MainLayout() {
  const user = useSessionUser();
  const current = useCurrentRoute();
  const { asideCollapsed, isMobile } = useLayoutState();
  const tokens = useAppTokens();
  useViewportWatcher();
  // The real-time socket of spec §4, open while a group user is signed in.
  useRealtimeConnection(user);

  // Only after logout without reload: the guard has already sent the user to /login.
  if (!user) return null;

  const menu = buildMenu(MENU_GROUPS, ROUTES, user);
  const activeKey = activeGroupKey(menu, current);
  const activeGroup = menu.find((group) => group.key === activeKey);
  const cssVariables = {
    '--tl-rail-bg': tokens.railBg,
    '--tl-rail-text': tokens.railText,
    '--tl-rail-text-active': tokens.railTextActive,
    '--tl-rail-hover': tokens.railItemHoverBg,
    '--tl-rail-active': tokens.railItemActiveBg,
    '--tl-rail-disabled': tokens.railDisabledText,
    // The user's chosen header colour (spec §2) over the route theme's.
    '--tl-header-bg': headerColorOf(user.headerTheme) ?? tokens.headerBg,
    '--tl-header-text': tokens.headerText,
    '--tl-header-muted': tokens.headerTextMuted,
    '--tl-header-hover': tokens.headerHoverBg,
    '--tl-header-divider': tokens.headerDivider,
    '--tl-aside-bg': tokens.asideBg,
    '--tl-border': tokens.borderColor,
    '--tl-content-bg': tokens.contentBg,
    '--tl-shadow-floating': tokens.shadowFloating,
    '--tl-shadow-aside': tokens.shadowAside,
  } as CSSProperties;

  const classes = ['tl-main', isMobile ? 'is-mobile' : '', asideCollapsed ? 'is-aside-collapsed' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} style={cssVariables}>
      <AppHeader user={user} />
      <div className="tl-body">
        <IconRail menu={menu} activeKey={activeKey} />
        <SecondAside group={activeGroup} />
        <main className="tl-content" data-testid="page-content">
          <Outlet />
        </main>
      </div>
      {/* Conversations belong to an account subject: a user still binding one has no chat to poll. */}
      {user.isGroup !== 0 && <ChatEntry />}
      <PayDialog />
      <NoPermissionOverlay />
      <ReportNotifications user={user} />
    </div>
  );
}
