import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { canSeeRoute } from '../../../app/guards';
import { routeByName } from '../../../app/routes';
import { PageFrame, type PageFrameProps } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { DATA_VIEW_NAV } from '../nav';
import './data-view.css';

/** The navigation between data-view pages: the ones this user may open, the current one selected. */
export function DataViewNav() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!user) return null;
  const items = DATA_VIEW_NAV.flatMap((name) => {
    const route = routeByName(name);
    return route && canSeeRoute(route, user) ? [{ key: route.path, label: route.title }] : [];
  });
  return (
    <nav aria-label={t('dataView.nav.label')} className="tl-dv-nav">
      <Menu
        mode="horizontal"
        selectedKeys={[pathname]}
        items={items}
        onClick={({ key }) => navigate(key)}
        data-testid="data-view-nav"
      />
    </nav>
  );
}

/** Every data-view page: the dark frame (the route's theme), its navigation, then the page. */
export function DataViewFrame({ children, ...frame }: PageFrameProps & { children: ReactNode }) {
  return (
    <PageFrame {...frame}>
      <DataViewNav />
      {children}
    </PageFrame>
  );
}
