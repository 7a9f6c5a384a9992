import type { AppRoute } from '../../app/route-types';
import { t } from '../../locales';
import { dataService } from './data-service';

/** Until a page exists, its route opens the data-view placeholder (same frame and navigation). */
export const placeholder = () =>
  import('./pages/PlaceholderPage').then((module) => ({ Component: module.DataViewPlaceholderPage }));

/**
 * The company pages, map search and business opportunities of the data view (issue 14 part B).
 * Each keeps its path, name, dark theme and the data-service condition; replace `lazy` (and add a
 * permission or menu entry) when the page lands.
 */
export const dataViewMapRoutes: readonly AppRoute[] = [
  {
    path: '/data-view/company-detail',
    name: 'DataViewCompanyDetail',
    title: t('dataView.routes.companyDetail'),
    rank: 84,
    theme: 'dark',
    activeGroup: 'company',
    condition: dataService,
    lazy: () =>
      import('../dataview-map/pages/CompanyDetailPage').then((module) => ({ Component: module.CompanyDetailPage })),
  },
  {
    path: '/data-view/company-risk',
    name: 'DataViewCompanyRisk',
    title: t('dataView.routes.companyRisk'),
    rank: 85,
    theme: 'dark',
    activeGroup: 'company',
    condition: dataService,
    lazy: () =>
      import('../dataview-map/pages/CompanyRiskPage').then((module) => ({ Component: module.CompanyRiskPage })),
  },
  {
    path: '/data-view/company-search',
    name: 'DataViewCompanySearch',
    title: t('dataView.routes.companySearch'),
    rank: 86,
    theme: 'dark',
    activeGroup: 'company',
    condition: dataService,
    lazy: () =>
      import('../dataview-map/pages/CompanySearchPage').then((module) => ({ Component: module.CompanySearchPage })),
  },
  {
    path: '/data-view/map-search',
    name: 'DataViewMapSearch',
    title: t('dataView.routes.mapSearch'),
    rank: 87,
    theme: 'dark',
    activeGroup: 'company',
    condition: dataService,
    lazy: () => import('../dataview-map/pages/MapSearchPage').then((module) => ({ Component: module.MapSearchPage })),
  },
  {
    path: '/data-view/company-list',
    name: 'DataViewCompanyList',
    title: t('dataView.routes.companyList'),
    rank: 88,
    theme: 'dark',
    activeGroup: 'company',
    condition: dataService,
    lazy: () =>
      import('../dataview-map/pages/CompanyListPage').then((module) => ({ Component: module.CompanyListPage })),
  },
  {
    path: '/data-view/policy',
    name: 'DataViewPolicy',
    title: t('dataView.routes.policy'),
    rank: 89,
    theme: 'dark',
    activeGroup: 'company',
    condition: dataService,
    lazy: () =>
      import('../dataview-map/pages/PolicyPages').then((module) => ({ Component: module.DataViewPolicyPage })),
  },
  {
    path: '/data-view/policy/detail',
    name: 'DataViewPolicyDetail',
    title: t('dataView.routes.policyDetail'),
    rank: 90,
    theme: 'dark',
    activeGroup: 'company',
    condition: dataService,
    lazy: () =>
      import('../dataview-map/pages/PolicyPages').then((module) => ({ Component: module.DataViewPolicyDetailPage })),
  },
  {
    path: '/data-view/product',
    name: 'DataViewProduct',
    title: t('dataView.routes.product'),
    rank: 91,
    theme: 'dark',
    activeGroup: 'company',
    condition: dataService,
    lazy: () => import('../dataview-map/pages/ProductPage').then((module) => ({ Component: module.ProductPage })),
  },
  {
    path: '/data-view/abnormal',
    name: 'DataViewAbnormal',
    title: t('dataView.routes.abnormal'),
    rank: 92,
    theme: 'dark',
    activeGroup: 'company',
    condition: dataService,
    lazy: () => import('../dataview-map/pages/AbnormalPage').then((module) => ({ Component: module.AbnormalPage })),
  },
  {
    path: '/data-view/business_opportunity',
    name: 'DataViewBusinessOpportunity',
    title: t('dataView.routes.businessOpportunity'),
    rank: 93,
    theme: 'dark',
    activeGroup: 'company',
    condition: dataService,
    lazy: () =>
      import('../dataview-map/pages/BusinessOpportunityPage').then((module) => ({
        Component: module.BusinessOpportunityPage,
      })),
  },
];
