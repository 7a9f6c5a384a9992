import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { AppRoute } from '../../app/route-types';
import { t } from '../../locales';

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
];
