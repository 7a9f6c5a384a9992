import { lazyIcon } from '../../app/lazy-icon';
import type { AppRoute } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const AimOutlined = lazyIcon(() => import('@ant-design/icons/AimOutlined'));
const ContactsOutlined = lazyIcon(() => import('@ant-design/icons/ContactsOutlined'));
const HistoryOutlined = lazyIcon(() => import('@ant-design/icons/HistoryOutlined'));
const UnorderedListOutlined = lazyIcon(() => import('@ant-design/icons/UnorderedListOutlined'));

/** Pages of leads (智能拓客, issue 16): the 智能拓客 icon group, joined into the table by app/routes.tsx. */
export const tokerRoutes: readonly AppRoute[] = [
  {
    path: '/toker',
    name: 'Toker',
    title: t('toker.routes.search'),
    permission: 'zntk',
    rank: 160,
    theme: 'light',
    menu: { group: 'toker', icon: AimOutlined, order: 10 },
    lazy: () => import('./pages/TokerPage').then((module) => ({ Component: module.TokerPage })),
  },
  {
    path: '/toker/history',
    name: 'TokerHistory',
    title: t('toker.routes.history'),
    permission: 'useDetail',
    rank: 161,
    theme: 'light',
    menu: { group: 'toker', icon: HistoryOutlined, order: 20 },
    lazy: () => import('./pages/TokerHistoryPage').then((module) => ({ Component: module.TokerHistoryPage })),
  },
  {
    path: '/my/card/list',
    name: 'MyCardList',
    title: t('toker.routes.cardList'),
    permission: 'tk',
    rank: 162,
    theme: 'light',
    menu: { group: 'toker', icon: UnorderedListOutlined, order: 30 },
    lazy: () => import('./pages/LeadListsPage').then((module) => ({ Component: module.LeadListsPage })),
  },
  {
    path: '/my/card',
    name: 'MyCard',
    title: t('toker.routes.card'),
    permission: 'tk',
    rank: 163,
    theme: 'light',
    menu: { group: 'toker', icon: ContactsOutlined, order: 40 },
    lazy: () => import('./pages/MyCardPage').then((module) => ({ Component: module.MyCardPage })),
  },
];
