import type { SessionUser } from '@taxlens/shared';
import { lazyIcon } from '../../app/lazy-icon';
import { type AppRoute, NOT_FOUND_PATH } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const BookOutlined = lazyIcon(() => import('@ant-design/icons/BookOutlined'));
const SafetyCertificateOutlined = lazyIcon(() => import('@ant-design/icons/SafetyCertificateOutlined'));
const UnorderedListOutlined = lazyIcon(() => import('@ant-design/icons/UnorderedListOutlined'));

/** Courseware needs enablementServicePermission 1 (spec §6); the server refuses its calls too. */
const coursewareAllowed = (user: SessionUser): true | string =>
  user.enablementServicePermission === 1 ? true : NOT_FOUND_PATH;

/** Content pages of issue 15 (insurance, courseware), joined into the route table by app/routes.tsx. */
export const contentRoutes: readonly AppRoute[] = [
  {
    path: '/insurance',
    name: 'Insurance',
    title: t('content.routes.insurance'),
    rank: 64,
    theme: 'light',
    menu: { group: 'home', icon: SafetyCertificateOutlined, order: 71 },
    lazy: () => import('./pages/InsurancePage').then((module) => ({ Component: module.InsurancePage })),
  },
  {
    path: '/courseware',
    name: 'Courseware',
    title: t('content.routes.courseware'),
    rank: 80,
    theme: 'light',
    menu: { group: 'enablement', icon: BookOutlined, order: 1 },
    condition: coursewareAllowed,
    lazy: () => import('./pages/CoursewarePages').then((module) => ({ Component: module.CoursewarePage })),
  },
  {
    path: '/courseware/list',
    name: 'CoursewareList',
    title: t('content.routes.coursewareList'),
    rank: 81,
    theme: 'light',
    menu: { group: 'enablement', icon: UnorderedListOutlined, order: 2 },
    condition: coursewareAllowed,
    lazy: () => import('./pages/CoursewarePages').then((module) => ({ Component: module.CourseListPage })),
  },
  {
    path: '/courseware/desc',
    name: 'CoursewareDesc',
    title: t('content.routes.coursewareDesc'),
    rank: 82,
    theme: 'light',
    activeGroup: 'enablement',
    condition: coursewareAllowed,
    lazy: () => import('./pages/CourseDescPage').then((module) => ({ Component: module.CourseDescPage })),
  },
];
