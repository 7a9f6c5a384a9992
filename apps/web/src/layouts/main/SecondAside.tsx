import { MenuFoldOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { closeAside, toggleAside, useLayoutState } from '../../app/layout-state';
import { t } from '../../locales';
import type { MenuGroupView } from './menu-model';

/** The second-level aside (210 px) with the pages of the active group and a collapse toggle. */
export function SecondAside({ group }: { group: MenuGroupView | undefined }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { asideCollapsed, isMobile } = useLayoutState();
  const items = (group?.entries ?? []).map((route) => {
    const Icon = route.menu?.icon;
    return { key: route.path, label: route.title, icon: Icon ? <Icon /> : null };
  });

  return (
    <>
      <aside className="tl-aside" aria-hidden={asideCollapsed} data-testid="second-aside">
        <div className="tl-aside-inner">
          <div className="tl-aside-title">{group?.label}</div>
          <Menu
            mode="inline"
            selectedKeys={[pathname]}
            items={items}
            onClick={({ key }) => {
              navigate(key);
              if (isMobile) closeAside();
            }}
          />
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
