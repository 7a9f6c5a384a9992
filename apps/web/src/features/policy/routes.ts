import type { SessionUser } from '@taxlens/shared';
import { lazyIcon } from '../../app/lazy-icon';
import type { AppRoute } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const CalculatorOutlined = lazyIcon(() => import('@ant-design/icons/CalculatorOutlined'));
const ReadOutlined = lazyIcon(() => import('@ant-design/icons/ReadOutlined'));

/** The two policy libraries swap by taxLawPolicyDatabasePermission (spec §6): 1 the full text, 0 the basic one. */
const toPolicy2 = (user: SessionUser): true | string => (user.taxLawPolicyDatabasePermission === 1 ? '/policy2' : true);
const toPolicy = (user: SessionUser): true | string => (user.taxLawPolicyDatabasePermission === 1 ? true : '/policy');

/** Pages of the policy tools (issue 15), joined into the route table by app/routes.tsx. */
export const policyRoutes: readonly AppRoute[] = [
  {
    path: '/policy',
    name: 'Policy',
    title: t('policy.routes.policy'),
    rank: 61,
    theme: 'light',
    menu: { group: 'home', icon: ReadOutlined, order: 69 },
    condition: toPolicy2,
    conditionKeepsQuery: true,
    lazy: () => import('./pages/PolicyLibraryPage').then((module) => ({ Component: module.PolicyPage })),
  },
  {
    path: '/policy2',
    name: 'Policy2',
    title: t('policy.routes.policy2'),
    rank: 62,
    theme: 'light',
    activeGroup: 'home',
    condition: toPolicy,
    conditionKeepsQuery: true,
    lazy: () => import('./pages/PolicyLibraryPage').then((module) => ({ Component: module.Policy2Page })),
  },
  {
    path: '/policy/detail',
    name: 'PolicyDetail',
    title: t('policy.routes.detail'),
    rank: 63,
    theme: 'light',
    activeGroup: 'home',
    lazy: () => import('./pages/PolicyDetailPage').then((module) => ({ Component: module.PolicyDetailPage })),
  },
  {
    path: '/guide-page/policy',
    name: 'GuidePagePolicy',
    title: t('policy.routes.guide'),
    rank: 64,
    theme: 'light',
    activeGroup: 'home',
    lazy: () => import('./pages/PolicyGuidePage').then((module) => ({ Component: module.PolicyGuidePage })),
  },
  {
    path: '/canbaojin',
    name: 'Canbaojin',
    title: t('policy.routes.canbaojin'),
    rank: 60,
    theme: 'light',
    menu: { group: 'home', icon: CalculatorOutlined, order: 70 },
    lazy: () => import('./pages/CanbaojinPage').then((module) => ({ Component: module.CanbaojinPage })),
  },
];
