import type { SessionUser } from '@taxlens/shared';
import { lazyIcon } from '../../app/lazy-icon';
import type { AppRoute } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const NodeIndexOutlined = lazyIcon(() => import('@ant-design/icons/NodeIndexOutlined'));

const GUIDE_MIND_MAP = '/guide-page/mind-map';
/** Spec §6: the mind-map pages go to their guide page when mindPriceAuth is 0. */
const mindService = (user: SessionUser): true | string => (user.serviceRights.mindPriceAuth ? true : GUIDE_MIND_MAP);

/** Pages of the report mind maps (issue 16), joined into the route table by app/routes.tsx. */
export const mindMapRoutes: readonly AppRoute[] = [
  {
    path: '/mind/list',
    name: 'MindMapList',
    title: t('mindMap.routes.list'),
    permission: 'mindMap',
    rank: 70,
    theme: 'light',
    menu: { group: 'home', icon: NodeIndexOutlined, order: 45 },
    condition: mindService,
    lazy: () => import('./pages/MindMapListPage').then((module) => ({ Component: module.MindMapListPage })),
  },
  {
    path: '/mind/view',
    name: 'MindMapView',
    title: t('mindMap.routes.view'),
    permission: 'mindMap',
    rank: 71,
    theme: 'light',
    activeGroup: 'home',
    condition: mindService,
    lazy: () => import('./pages/MindMapViewPage').then((module) => ({ Component: module.MindMapViewPage })),
  },
  {
    path: GUIDE_MIND_MAP,
    name: 'GuidePageMindMap',
    title: t('mindMap.routes.guide'),
    rank: 72,
    theme: 'light',
    activeGroup: 'home',
    lazy: () => import('./pages/MindMapViewPage').then((module) => ({ Component: module.GuideMindMapPage })),
  },
];
