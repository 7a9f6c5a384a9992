import { CalculatorOutlined } from '@ant-design/icons';
import type { AppRoute } from '../../app/route-types';
import { t } from '../../locales';

/** Pages of the policy tools (issue 15), joined into the route table by app/routes.tsx. */
export const policyRoutes: readonly AppRoute[] = [
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
