import {
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  MoneyCollectOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { type OperatorRole, operatorRoleAllows } from '@taxlens/shared';
import type { ComponentType } from 'react';
import { t } from '../../locales';

/**
 * The operator console's page table (issue 18): the router, the menu and the role guard all read
 * it. To add a page: one entry here (path under /operator, the roles it serves — the same roles
 * its API routes declare with operatorAccess(...) on the server — its section and a lazy module).
 * 管理员 sees every page; a page nobody's roles allow never shows in the menu.
 */
export type ConsoleSection = 'customers' | 'money' | 'content' | 'support' | 'health' | 'system';

export interface ConsolePage {
  /** Full path, under /operator. */
  path: string;
  title: string;
  roles: readonly OperatorRole[];
  section: ConsoleSection;
  lazy: () => Promise<{ Component: ComponentType }>;
}

export const CONSOLE_SECTIONS: readonly { key: ConsoleSection; label: string; icon: ComponentType }[] = [
  { key: 'customers', label: t('operator.sections.customers'), icon: TeamOutlined },
  { key: 'money', label: t('operator.sections.money'), icon: MoneyCollectOutlined },
  { key: 'content', label: t('operator.sections.content'), icon: DatabaseOutlined },
  { key: 'support', label: t('operator.sections.support'), icon: CustomerServiceOutlined },
  { key: 'health', label: t('operator.sections.health'), icon: DashboardOutlined },
  { key: 'system', label: t('operator.sections.system'), icon: SettingOutlined },
];

export const OPERATOR_BASE = '/operator';
export const OPERATOR_LOGIN_PATH = '/operator/login';

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    path: '/operator/bank-statements',
    title: t('billing.operatorReview.title'),
    roles: ['finance'],
    section: 'money',
    lazy: () =>
      import('./pages/BankStatementReviewPage').then((module) => ({ Component: module.BankStatementReviewPage })),
  },
  {
    path: '/operator/partner-reward',
    title: t('billing.operatorReward.title'),
    roles: ['ops'],
    section: 'customers',
    lazy: () => import('./pages/PartnerRewardPage').then((module) => ({ Component: module.PartnerRewardPage })),
  },
  {
    path: '/operator/groups',
    title: t('operator.pages.groups'),
    roles: ['ops', 'support', 'finance'],
    section: 'customers',
    lazy: () => import('./pages/GroupsPage').then((module) => ({ Component: module.GroupsPage })),
  },
  {
    path: '/operator/users',
    title: t('operator.pages.users'),
    roles: ['ops', 'support', 'finance'],
    section: 'customers',
    lazy: () => import('./pages/UsersPage').then((module) => ({ Component: module.UsersPage })),
  },
  {
    path: '/operator/pending',
    title: t('operator.pages.pending'),
    roles: ['finance'],
    section: 'money',
    lazy: () => import('./pages/PendingPage').then((module) => ({ Component: module.PendingPage })),
  },
  {
    path: '/operator/orders',
    title: t('operator.pages.orders'),
    roles: ['finance', 'ops'],
    section: 'money',
    lazy: () => import('./pages/OrdersPage').then((module) => ({ Component: module.OrdersPage })),
  },
  {
    path: '/operator/catalogue',
    title: t('operator.pages.catalogue'),
    roles: ['ops', 'finance'],
    section: 'money',
    lazy: () => import('./pages/CataloguePage').then((module) => ({ Component: module.CataloguePage })),
  },
  {
    path: '/operator/daily',
    title: t('operator.pages.daily'),
    roles: ['finance', 'ops'],
    section: 'money',
    lazy: () => import('./pages/DailyPage').then((module) => ({ Component: module.DailyPage })),
  },
  {
    path: '/operator/datasets',
    title: t('operator.pages.datasets'),
    roles: ['content'],
    section: 'content',
    lazy: () => import('./pages/DatasetsPage').then((module) => ({ Component: module.DatasetsPage })),
  },
  {
    path: '/operator/rules',
    title: t('operator.pages.rules'),
    roles: ['content'],
    section: 'content',
    lazy: () => import('./pages/RuleSettingsPage').then((module) => ({ Component: module.RuleSettingsPage })),
  },
  {
    path: '/operator/disability-ratios',
    title: t('policy.ratios.title'),
    roles: ['content'],
    section: 'content',
    lazy: () =>
      import('../policy/operator/DisabilityRatiosPage').then((module) => ({ Component: module.DisabilityRatiosPage })),
  },
  {
    path: '/operator/policy-documents',
    title: t('policy.admin.title'),
    roles: ['content'],
    section: 'content',
    lazy: () =>
      import('../policy/operator/PolicyDocumentsPage').then((module) => ({ Component: module.PolicyDocumentsPage })),
  },
  {
    path: '/operator/insurance-quotes',
    title: t('content.operatorInsurance.title'),
    roles: ['ops', 'content'],
    section: 'customers',
    lazy: () =>
      import('../content/operator/InsuranceQuotesPage').then((module) => ({ Component: module.InsuranceQuotesPage })),
  },
  {
    path: '/operator/data-services',
    title: t('shop.operator.pageTitle'),
    roles: ['content', 'ops'],
    section: 'content',
    lazy: () =>
      import('../catalogue/operator/CataloguePage').then((module) => ({ Component: module.DataServicesPage })),
  },
  {
    path: '/operator/courseware',
    title: t('content.operatorCourseware.title'),
    roles: ['content'],
    section: 'content',
    lazy: () =>
      import('../content/operator/CoursewareAdminPage').then((module) => ({ Component: module.CoursewareAdminPage })),
  },
  {
    path: '/operator/health',
    title: t('operator.pages.health'),
    roles: ['ops'],
    section: 'health',
    lazy: () => import('./pages/HealthPage').then((module) => ({ Component: module.HealthPage })),
  },
  {
    path: '/operator/audit',
    title: t('operator.pages.audit'),
    roles: ['admin'],
    section: 'system',
    lazy: () => import('./pages/AuditLogPage').then((module) => ({ Component: module.AuditLogPage })),
  },
  {
    path: '/operator/staff',
    title: t('operator.pages.staff'),
    roles: ['admin'],
    section: 'system',
    lazy: () => import('./pages/StaffPage').then((module) => ({ Component: module.StaffPage })),
  },
  {
    path: '/operator/verification-charge',
    title: t('verification.operatorCharge.title'),
    roles: ['ops', 'finance'],
    section: 'money',
    lazy: () =>
      import('../verification/operator/ChargeSettingsPage').then((module) => ({
        Component: module.ChargeSettingsPage,
      })),
  },
  {
    path: '/operator/company-data',
    title: t('companyData.operator.title'),
    roles: ['content'],
    section: 'content',
    lazy: () =>
      import('../companydata/operator/CompanyDataConsolePage').then((module) => ({
        Component: module.CompanyDataConsolePage,
      })),
  },
  {
    path: '/operator/toker-charge',
    title: t('toker.operator.title'),
    roles: ['ops', 'finance'],
    section: 'money',
    lazy: () => import('../toker/operator/TokerChargePage').then((module) => ({ Component: module.TokerChargePage })),
  },
  {
    path: '/operator/banners',
    title: t('promotions.operator.bannersTitle'),
    roles: ['content'],
    section: 'content',
    lazy: () => import('../promotions/operator/BannersPage').then((module) => ({ Component: module.BannersPage })),
  },
  {
    path: '/operator/discounts',
    title: t('promotions.operator.discountsTitle'),
    roles: ['ops'],
    section: 'content',
    lazy: () => import('../promotions/operator/DiscountsPage').then((module) => ({ Component: module.DiscountsPage })),
  },
  {
    path: '/operator/chat',
    title: t('chat.agent.title'),
    roles: ['support'],
    section: 'support',
    lazy: () => import('../chat/operator/AgentConsolePage').then((module) => ({ Component: module.AgentConsolePage })),
  },
  {
    path: '/operator/faq',
    title: t('chat.knowledge.title'),
    roles: ['support', 'content'],
    section: 'support',
    lazy: () => import('../chat/operator/KnowledgePage').then((module) => ({ Component: module.KnowledgePage })),
  },
];

/** The pages an operator holding `roles` may open, in table order. */
export function pagesFor(roles: readonly OperatorRole[]): ConsolePage[] {
  return CONSOLE_PAGES.filter((page) => operatorRoleAllows(roles, page.roles));
}

/** The page a console path belongs to: its own path or a sub-path of it (`/operator/chat-x` is not `/operator/chat`). */
export function pageAt(pathname: string): ConsolePage | undefined {
  return CONSOLE_PAGES.find((page) => pathname === page.path || pathname.startsWith(`${page.path}/`));
}
