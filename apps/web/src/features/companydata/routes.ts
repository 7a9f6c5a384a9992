import { hasPermission, type SessionUser } from '@taxlens/shared';
import { lazyIcon } from '../../app/lazy-icon';
import { type AppRoute, NOT_FOUND_PATH } from '../../app/route-types';
import { t } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const AlertOutlined = lazyIcon(() => import('@ant-design/icons/AlertOutlined'));
const AuditOutlined = lazyIcon(() => import('@ant-design/icons/AuditOutlined'));
const FileProtectOutlined = lazyIcon(() => import('@ant-design/icons/FileProtectOutlined'));
const SearchOutlined = lazyIcon(() => import('@ant-design/icons/SearchOutlined'));
const SolutionOutlined = lazyIcon(() => import('@ant-design/icons/SolutionOutlined'));

const GUIDE_TICKET_RIGHT = '/guide-page/ticket-right';

/**
 * The invoice-violation pages: gone (404) when the group's switch is '1' (spec §6); without the
 * invoice penetration right (the query reads the same imported invoices) the guide page instead.
 */
function ticketRightCondition(user: SessionUser): true | string {
  if (user.getOutOfLineInvoiceSwitch === '1') return NOT_FOUND_PATH;
  return hasPermission(user, 'invoiceThrough') ? true : GUIDE_TICKET_RIGHT;
}

/** Pages of the company-data feature, joined into the route table by app/routes.tsx. */
export const companyDataRoutes: readonly AppRoute[] = [
  {
    path: '/p-report',
    name: 'PReport',
    title: t('companyData.routes.pReport'),
    permission: 'qjbg',
    rank: 20,
    theme: 'light',
    menu: { group: 'home', icon: AuditOutlined, order: 40 },
    lazy: () => import('./pages/CompanyReportPage').then((module) => ({ Component: module.CompanyReportPage })),
  },
  {
    path: '/p-report/history',
    name: 'PReportHistory',
    title: t('companyData.routes.pReportHistory'),
    permission: 'qjbg',
    rank: 21,
    theme: 'light',
    activeGroup: 'home',
    lazy: () =>
      import('./pages/CompanyReportHistoryPages').then((module) => ({ Component: module.PanoramicHistoryPage })),
  },
  {
    path: '/p-report-list',
    name: 'PReportList',
    title: t('companyData.routes.pReportList'),
    permission: 'qjbg',
    rank: 22,
    theme: 'light',
    menu: { group: 'home', icon: SolutionOutlined, order: 41 },
    lazy: () =>
      import('./pages/CompanyReportHistoryPages').then((module) => ({ Component: module.BusinessReportListPage })),
  },
  {
    path: '/tax',
    name: 'Tax',
    title: t('companyData.routes.tax'),
    rank: 23,
    theme: 'light',
    menu: { group: 'home', icon: SearchOutlined, order: 50 },
    lazy: () => import('./pages/TaxCreditPage').then((module) => ({ Component: module.TaxCreditPage })),
  },
  {
    path: '/tax/list',
    name: 'TaxList',
    title: t('companyData.routes.taxList'),
    rank: 24,
    theme: 'light',
    activeGroup: 'home',
    lazy: () => import('./pages/TaxCreditPage').then((module) => ({ Component: module.TaxCreditPage })),
  },
  {
    path: '/big-case',
    name: 'BigCase',
    title: t('companyData.routes.bigCase'),
    rank: 25,
    theme: 'light',
    menu: { group: 'home', icon: AlertOutlined, order: 51 },
    lazy: () => import('./pages/BigCasePage').then((module) => ({ Component: module.BigCasePage })),
  },
  {
    path: '/big-case/detail',
    name: 'BigCaseDetail',
    title: t('companyData.routes.bigCaseDetail'),
    rank: 26,
    theme: 'light',
    activeGroup: 'home',
    lazy: () => import('./pages/BigCaseDetailPage').then((module) => ({ Component: module.BigCaseDetailPage })),
  },
  {
    path: '/ticket/right',
    name: 'TicketRight',
    title: t('companyData.routes.ticketRight'),
    rank: 27,
    theme: 'light',
    menu: { group: 'company', icon: FileProtectOutlined, order: 20 },
    condition: ticketRightCondition,
    lazy: () => import('./pages/TicketRightPage').then((module) => ({ Component: module.TicketRightPage })),
  },
  {
    path: '/ticket/right/list',
    name: 'TicketRightList',
    title: t('companyData.routes.ticketRightList'),
    rank: 28,
    theme: 'light',
    activeGroup: 'company',
    condition: ticketRightCondition,
    lazy: () => import('./pages/TicketRightPage').then((module) => ({ Component: module.TicketRightListPage })),
  },
  {
    path: '/ticket/right/detail',
    name: 'TicketRightDetail',
    title: t('companyData.routes.ticketRightDetail'),
    rank: 29,
    theme: 'light',
    activeGroup: 'company',
    condition: ticketRightCondition,
    lazy: () => import('./pages/TicketRightDetailPage').then((module) => ({ Component: module.TicketRightDetailPage })),
  },
  {
    path: GUIDE_TICKET_RIGHT,
    name: 'GuidePageTicketRight',
    title: t('companyData.routes.guideTicketRight'),
    rank: 30,
    theme: 'light',
    activeGroup: 'company',
    lazy: () => import('./pages/TicketRightDetailPage').then((module) => ({ Component: module.GuideTicketRightPage })),
  },
];
