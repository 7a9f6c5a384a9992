import { lazyIcon } from '../../app/lazy-icon';
import { type AppRoute, BLANK_RANK } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const DashboardOutlined = lazyIcon(() => import('@ant-design/icons/DashboardOutlined'));

/** Pages of the home feature besides /home itself (issue 15), joined into the route table by app/routes.tsx. */
export const homeRoutes: readonly AppRoute[] = [
  {
    path: '/home/detail',
    name: 'HomeDetail',
    title: t('home.routes.detail'),
    rank: BLANK_RANK,
    theme: 'light',
    public: true,
    lazy: () => import('./pages/HomeDetailPage').then((module) => ({ Component: module.HomeDetailPage })),
  },
  {
    path: '/people/use',
    name: 'PeopleUse',
    title: t('home.routes.peopleUse'),
    // The statistics it shows are the /my pages' (fyzx|zhBalance), as on the server.
    permission: ['fyzx', 'zhBalance'],
    rank: 11,
    theme: 'light',
    // Staff have no user management: their company menu holds the data board in its place (spec §2).
    menu: { group: 'company', icon: DashboardOutlined, order: 1, levels: [3] },
    activeGroup: 'company',
    lazy: () => import('./pages/PeopleUsePage').then((module) => ({ Component: module.PeopleUsePage })),
  },
];
