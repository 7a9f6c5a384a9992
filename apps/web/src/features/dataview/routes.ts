import { lazyIcon } from '../../app/lazy-icon';
import type { AppRoute } from '../../app/route-types';
import { t } from '../../locales';
import { dataService, GUIDE_DATA_VIEW, GUIDE_DATA_VIEW2 } from './data-service';
import { dataViewMapRoutes } from './routes-map';

// Menu icons load when a menu draws them (issue 21).
const BarChartOutlined = lazyIcon(() => import('@ant-design/icons/BarChartOutlined'));
const MonitorOutlined = lazyIcon(() => import('@ant-design/icons/MonitorOutlined'));
const PieChartOutlined = lazyIcon(() => import('@ant-design/icons/PieChartOutlined'));

/**
 * Pages of the data view (issue 14), dark theme, joined into the route table by app/routes.tsx.
 * Monitoring, client analysis, industry insight and the guide pages live here; the company pages,
 * map search and business opportunities are in routes-map.ts.
 */
export const dataViewRoutes: readonly AppRoute[] = [
  {
    path: '/data-view/industry',
    name: 'DataViewIndustry',
    title: t('dataView.routes.industry'),
    permission: 'industryAnalyze',
    rank: 80,
    theme: 'dark',
    menu: { group: 'company', icon: BarChartOutlined, order: 30 },
    condition: dataService,
    lazy: () => import('./industry/IndustryPage').then((module) => ({ Component: module.IndustryPage })),
  },
  {
    path: '/data-view/monitor',
    name: 'DataViewMonitor',
    title: t('dataView.routes.monitor'),
    permission: 'monitoringAnalyze',
    rank: 81,
    theme: 'dark',
    menu: { group: 'company', icon: MonitorOutlined, order: 31 },
    condition: dataService,
    lazy: () => import('./pages/MonitorPage').then((module) => ({ Component: module.MonitorPage })),
  },
  {
    path: '/data-view/monitor/history',
    name: 'DataViewMonitorHistory',
    title: t('dataView.routes.monitorHistory'),
    permission: 'monitoringAnalyze',
    rank: 82,
    theme: 'dark',
    activeGroup: 'company',
    condition: dataService,
    lazy: () => import('./pages/MonitorHistoryPage').then((module) => ({ Component: module.MonitorHistoryPage })),
  },
  {
    path: '/data-view/user',
    name: 'DataViewUser',
    title: t('dataView.routes.user'),
    permission: 'clientAnalyze',
    rank: 83,
    theme: 'dark',
    menu: { group: 'company', icon: PieChartOutlined, order: 32 },
    condition: dataService,
    lazy: () => import('./client/ClientAnalysisPage').then((module) => ({ Component: module.ClientAnalysisPage })),
  },
  ...dataViewMapRoutes,
  {
    path: GUIDE_DATA_VIEW,
    name: 'GuidePageDataView',
    title: t('dataView.routes.guide'),
    rank: 98,
    theme: 'dark',
    activeGroup: 'company',
    lazy: () => import('./pages/GuideDataViewPage').then((module) => ({ Component: module.GuideDataViewPage })),
  },
  {
    path: GUIDE_DATA_VIEW2,
    name: 'GuidePageDataView2',
    title: t('dataView.routes.guide2'),
    rank: 99,
    theme: 'dark',
    activeGroup: 'company',
    lazy: () => import('./pages/GuideDataViewPage').then((module) => ({ Component: module.GuideDataView2Page })),
  },
];
