import { MenuFoldOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { CSSProperties, KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { closeAside, toggleAside, useLayoutState } from '../../app/layout-state';
import { t } from '../../locales';
import type { MenuGroupView } from './menu-model';

/** Moves the focus between the aside's entries with the arrow keys, as antd's Menu does. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
  const step = keys[event.key];
  if (!step && event.key !== 'Home' && event.key !== 'End') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : (at + (step ?? 0) + items.length) % items.length;
  event.preventDefault();
  items[next]?.focus();
}

/**
 * The second-level aside (210 px) with the pages of the active group and a collapse toggle. The
 * list is drawn like antd's inline Menu (its tokens, the theme's Menu settings) without it: a flat
 * list of links needs none of Menu's sub-menus, pop-ups and overflow, which every signed-in first
 * screen downloaded for it (issue 21).
 */
export function SecondAside({ group }: { group: MenuGroupView | undefined }) {
  const { pathname } = useLocation();
  const { asideCollapsed, isMobile } = useLayoutState();
  const { token } = theme.useToken();
  const listStyle = {
    '--tl-menu-bg': token.colorBgContainer,
    '--tl-menu-text': token.colorText,
    '--tl-menu-hover': token.colorBgTextHover,
    '--tl-menu-selected-bg': token.controlItemBgActive,
    '--tl-menu-selected-text': token.colorPrimary,
    '--tl-menu-focus': token.colorPrimaryBorder,
    '--tl-menu-duration': token.motionDurationSlow,
  } as CSSProperties;

  return (
    <>
      <aside className="tl-aside" aria-hidden={asideCollapsed} data-testid="second-aside">
        <div className="tl-aside-inner">
          <div className="tl-aside-title">{group?.label}</div>
          <div className="tl-aside-menu" role="menu" style={listStyle} onKeyDown={moveFocus}>
            {(group?.entries ?? []).map((route) => {
              const Icon = route.menu?.icon;
              const selected = route.path === pathname;
              return (
                <Link
                  key={route.path}
                  role="menuitem"
                  to={route.path}
                  className={`tl-aside-item${selected ? ' is-selected' : ''}`}
                  aria-current={selected ? 'page' : undefined}
                  onClick={() => {
                    if (isMobile) closeAside();
                  }}
                >
                  {Icon && (
                    <span className="tl-aside-item-icon">
                      <Icon />
                    </span>
                  )}
                  <span className="tl-aside-label">{route.title}</span>
                </Link>
              );
            })}
          </div>
          <button type="button" className="tl-aside-toggle" onClick={toggleAside}>
            <MenuFoldOutlined />
            <span>{t('layout.asideCollapse')}</span>
          </button>
        </div>
      </aside>
      {isMobile && !asideCollapsed && (
        <button type="button" className="tl-aside-mask" aria-label={t('layout.asideCollapse')} onClick={closeAside} />
      )}
    </>
  );
}
