import { lazyIcon } from '../../app/lazy-icon';
import { type AppRoute, BLANK_RANK, NOT_FOUND_PATH } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const FileSearchOutlined = lazyIcon(() => import('@ant-design/icons/FileSearchOutlined'));
const FundOutlined = lazyIcon(() => import('@ant-design/icons/FundOutlined'));
const HistoryOutlined = lazyIcon(() => import('@ant-design/icons/HistoryOutlined'));
const ProfileOutlined = lazyIcon(() => import('@ant-design/icons/ProfileOutlined'));
const SafetyCertificateOutlined = lazyIcon(() => import('@ant-design/icons/SafetyCertificateOutlined'));

/**
 * Pages of the reports feature, joined into the route table by app/routes.tsx. The report request
 * and history pages sit in the 首页 group: the reports are the product the firm sells, and the
 * spec reaches them from the home page (its side menu lists no report pages), so they belong
 * beside 工作台 rather than under 企业管理. Each kind has its request page and its history, in the
 * order of the credit types; 全部报告 closes the group and is also a header entry (allReport).
 */
export const reportsRoutes: readonly AppRoute[] = [
  {
    path: '/ticket',
    name: 'Ticket',
    title: t('reports.routes.ticket'),
    permission: 'invoiceThrough',
    rank: 10,
    theme: 'light',
    menu: { group: 'home', icon: FileSearchOutlined, order: 10 },
    lazy: () => import('./pages/ReportRequestPage').then((module) => ({ Component: module.InvoiceTicketPage })),
  },
  {
    path: '/ticket/history',
    name: 'TicketHistory',
    title: t('reports.routes.ticketHistory'),
    permission: 'invoiceThrough',
    rank: 11,
    theme: 'light',
    menu: { group: 'home', icon: HistoryOutlined, order: 11 },
    lazy: () => import('./pages/ReportHistoryPage').then((module) => ({ Component: module.InvoiceHistoryPage })),
  },
  {
    path: '/risk/report',
    name: 'RiskReport',
    title: t('reports.routes.riskReport'),
    permission: 'nsfw',
    rank: 12,
    theme: 'light',
    menu: { group: 'home', icon: FundOutlined, order: 20 },
    lazy: () => import('./pages/ReportRequestPage').then((module) => ({ Component: module.TaxReportPage })),
  },
  {
    path: '/risk/history',
    name: 'RiskList',
    title: t('reports.routes.riskHistory'),
    permission: 'nsfw',
    rank: 13,
    theme: 'light',
    menu: { group: 'home', icon: HistoryOutlined, order: 21 },
    lazy: () => import('./pages/ReportHistoryPage').then((module) => ({ Component: module.TaxHistoryPage })),
  },
  {
    path: '/comprehensive/report',
    name: 'ComprehensiveReport',
    title: t('reports.routes.comprehensiveReport'),
    permission: 'swfxtj',
    rank: 14,
    theme: 'light',
    menu: { group: 'home', icon: SafetyCertificateOutlined, order: 22 },
    lazy: () => import('./pages/ReportRequestPage').then((module) => ({ Component: module.ComprehensiveReportPage })),
  },
  {
    path: '/comprehensive/history',
    name: 'ComprehensiveList',
    title: t('reports.routes.comprehensiveHistory'),
    permission: 'swfxtj',
    rank: 15,
    theme: 'light',
    menu: { group: 'home', icon: HistoryOutlined, order: 23 },
    lazy: () => import('./pages/ReportHistoryPage').then((module) => ({ Component: module.ComprehensiveHistoryPage })),
  },
  {
    path: '/all-history',
    name: 'allReport',
    title: t('reports.routes.allHistory'),
    rank: 16,
    theme: 'light',
    menu: { group: 'home', icon: ProfileOutlined, order: 30 },
    lazy: () => import('./pages/ReportHistoryPage').then((module) => ({ Component: module.AllHistoryPage })),
  },
  {
    path: '/risk/preview',
    name: 'RiskPreview',
    title: t('reports.routes.preview'),
    rank: 17,
    theme: 'light',
    lazy: () => import('./pages/ReportPreviewPage').then((module) => ({ Component: module.ReportPreviewPage })),
  },
  {
    path: '/watermark',
    name: 'UpWaterMark',
    title: t('reports.routes.watermark'),
    levels: [1],
    rank: 18,
    theme: 'light',
    condition: (user) => (user.reportConfigPermission === 1 ? true : NOT_FOUND_PATH),
    lazy: () => import('./pages/WatermarkPage').then((module) => ({ Component: module.WatermarkPage })),
  },
  {
    // Printed to PDF by the server's Chromium with a print token; no header, aside or session.
    path: '/print/report/:id',
    name: 'PrintReport',
    title: t('reports.routes.print'),
    rank: BLANK_RANK,
    theme: 'light',
    public: true,
    lazy: () => import('./print/PrintReportPage').then((module) => ({ Component: module.PrintReportPage })),
  },
];
