import { type AppRoute, BLANK_RANK, PRIVACY_PATH, TERMS_PATH } from '../../app/route-types';
import { t } from '../../locales';

/** 服务条款 and 隐私政策 (issue 19, PIPL): public pages, linked from the sign-up consent checkbox. */
export const legalRoutes: readonly AppRoute[] = [
  {
    path: TERMS_PATH,
    name: 'Terms',
    title: t('staff.routes.terms'),
    rank: BLANK_RANK,
    theme: 'light',
    public: true,
    lazy: () => import('./pages/LegalPage').then((module) => ({ Component: module.TermsPage })),
  },
  {
    path: PRIVACY_PATH,
    name: 'Privacy',
    title: t('staff.routes.privacy'),
    rank: BLANK_RANK,
    theme: 'light',
    public: true,
    lazy: () => import('./pages/LegalPage').then((module) => ({ Component: module.PrivacyPage })),
  },
];
