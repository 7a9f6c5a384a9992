import { type OperatorRole, operatorRoleAllows } from '@taxlens/shared';
import type { ComponentType } from 'react';
import { lazyIcon } from '../../app/lazy-icon';
import type { MessageKey } from '../../locales';

// Menu icons load when a menu draws them (issue 21).
const CustomerServiceOutlined = lazyIcon(() => import('@ant-design/icons/CustomerServiceOutlined'));
const DashboardOutlined = lazyIcon(() => import('@ant-design/icons/DashboardOutlined'));
const DatabaseOutlined = lazyIcon(() => import('@ant-design/icons/DatabaseOutlined'));
const MoneyCollectOutlined = lazyIcon(() => import('@ant-design/icons/MoneyCollectOutlined'));
const SettingOutlined = lazyIcon(() => import('@ant-design/icons/SettingOutlined'));
const TeamOutlined = lazyIcon(() => import('@ant-design/icons/TeamOutlined'));

/**
 * The operator console's page table (issue 18): the router, the menu and the role guard all read
 * it. To add a page: one entry here (path under /operator, the roles it serves — the same roles
 * its API routes declare with operatorAccess(...) on the server — its section and a lazy module).
 * 管理员 sees every page; a page nobody's roles allow never shows in the menu.
 *
 * Titles are message keys, not texts: the router builds the console's routes from this table on
 * every first screen, and the messages of the console's sections load only with its layout
 * (issue 21). lazy-messages: keys only — layout/OperatorLayout.tsx includes them.
 */
export type ConsoleSection = 'customers' | 'money' | 'content' | 'support' | 'health' | 'system';

export interface ConsolePage {
  /** Full path, under /operator. */
  path: string;
  /** Menu text and document title, shown through t() by the operator layout. */
  titleKey: MessageKey;
  roles: readonly OperatorRole[];
  section: ConsoleSection;
  lazy: () => Promise<{ Component: ComponentType }>;
}

export const CONSOLE_SECTIONS: readonly { key: ConsoleSection; labelKey: MessageKey; icon: ComponentType }[] = [
  { key: 'customers', labelKey: 'operator.sections.customers', icon: TeamOutlined },
  { key: 'money', labelKey: 'operator.sections.money', icon: MoneyCollectOutlined },
  { key: 'content', labelKey: 'operator.sections.content', icon: DatabaseOutlined },
  { key: 'support', labelKey: 'operator.sections.support', icon: CustomerServiceOutlined },
  { key: 'health', labelKey: 'operator.sections.health', icon: DashboardOutlined },
  { key: 'system', labelKey: 'operator.sections.system', icon: SettingOutlined },
];

export { OPERATOR_BASE } from '../../app/route-types';
export const OPERATOR_LOGIN_PATH = '/operator/login';

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    path: '/operator/bank-statements',
    titleKey: 'billing.operatorReview.title',
    roles: ['finance'],
    section: 'money',
    lazy: () =>
      import('./pages/BankStatementReviewPage').then((module) => ({ Component: module.BankStatementReviewPage })),
  },
  {
    path: '/operator/partner-reward',
    titleKey: 'billing.operatorReward.title',
    roles: ['ops'],
    section: 'customers',
    lazy: () => import('./pages/PartnerRewardPage').then((module) => ({ Component: module.PartnerRewardPage })),
  },
  {
    path: '/operator/groups',
    titleKey: 'operator.pages.groups',
    roles: ['ops', 'support', 'finance'],
    section: 'customers',
    lazy: () => import('./pages/GroupsPage').then((module) => ({ Component: module.GroupsPage })),
  },
  {
    path: '/operator/users',
    titleKey: 'operator.pages.users',
    roles: ['ops', 'support', 'finance'],
    section: 'customers',
    lazy: () => import('./pages/UsersPage').then((module) => ({ Component: module.UsersPage })),
  },
  {
    path: '/operator/pending',
    titleKey: 'operator.pages.pending',
    roles: ['finance'],
    section: 'money',
    lazy: () => import('./pages/PendingPage').then((module) => ({ Component: module.PendingPage })),
  },
  {
    path: '/operator/orders',
    titleKey: 'operator.pages.orders',
    roles: ['finance', 'ops'],
    section: 'money',
    lazy: () => import('./pages/OrdersPage').then((module) => ({ Component: module.OrdersPage })),
  },
  {
    path: '/operator/catalogue',
    titleKey: 'operator.pages.catalogue',
    roles: ['ops', 'finance'],
    section: 'money',
    lazy: () => import('./pages/CataloguePage').then((module) => ({ Component: module.CataloguePage })),
  },
  {
    path: '/operator/daily',
    titleKey: 'operator.pages.daily',
    roles: ['finance', 'ops'],
    section: 'money',
    lazy: () => import('./pages/DailyPage').then((module) => ({ Component: module.DailyPage })),
  },
  {
    path: '/operator/datasets',
    titleKey: 'operator.pages.datasets',
    roles: ['content'],
    section: 'content',
    lazy: () => import('./pages/DatasetsPage').then((module) => ({ Component: module.DatasetsPage })),
  },
  {
    path: '/operator/rules',
    titleKey: 'operator.pages.rules',
    roles: ['content'],
    section: 'content',
    lazy: () => import('./pages/RuleSettingsPage').then((module) => ({ Component: module.RuleSettingsPage })),
  },
  {
    path: '/operator/disability-ratios',
    titleKey: 'policy.ratios.title',
    roles: ['content'],
    section: 'content',
    lazy: () =>
      import('../policy/operator/DisabilityRatiosPage').then((module) => ({ Component: module.DisabilityRatiosPage })),
  },
  {
    path: '/operator/policy-documents',
    titleKey: 'policy.admin.title',
    roles: ['content'],
    section: 'content',
    lazy: () =>
      import('../policy/operator/PolicyDocumentsPage').then((module) => ({ Component: module.PolicyDocumentsPage })),
  },
  {
    path: '/operator/insurance-quotes',
    titleKey: 'content.operatorInsurance.title',
    roles: ['ops', 'content'],
    section: 'customers',
    lazy: () =>
      import('../content/operator/InsuranceQuotesPage').then((module) => ({ Component: module.InsuranceQuotesPage })),
  },
  {
    path: '/operator/data-services',
    titleKey: 'shop.operator.pageTitle',
    roles: ['content', 'ops'],
    section: 'content',
    lazy: () =>
      import('../catalogue/operator/CataloguePage').then((module) => ({ Component: module.DataServicesPage })),
  },
  {
    path: '/operator/courseware',
    titleKey: 'content.operatorCourseware.title',
    roles: ['content'],
    section: 'content',
    lazy: () =>
      import('../content/operator/CoursewareAdminPage').then((module) => ({ Component: module.CoursewareAdminPage })),
  },
  {
    path: '/operator/health',
    titleKey: 'operator.pages.health',
    roles: ['ops'],
    section: 'health',
    lazy: () => import('./pages/HealthPage').then((module) => ({ Component: module.HealthPage })),
  },
  {
    path: '/operator/audit',
    titleKey: 'operator.pages.audit',
    roles: ['admin'],
    section: 'system',
    lazy: () => import('./pages/AuditLogPage').then((module) => ({ Component: module.AuditLogPage })),
  },
  {
    path: '/operator/staff',
    titleKey: 'operator.pages.staff',
    roles: ['admin'],
    section: 'system',
    lazy: () => import('./pages/StaffPage').then((module) => ({ Component: module.StaffPage })),
  },
  {
    path: '/operator/verification-charge',
    titleKey: 'verification.operatorCharge.title',
    roles: ['ops', 'finance'],
    section: 'money',
    lazy: () =>
      import('../verification/operator/ChargeSettingsPage').then((module) => ({
        Component: module.ChargeSettingsPage,
      })),
  },
  {
    path: '/operator/company-data',
    titleKey: 'companyData.operator.title',
    roles: ['content'],
    section: 'content',
    lazy: () =>
      import('../companydata/operator/CompanyDataConsolePage').then((module) => ({
        Component: module.CompanyDataConsolePage,
      })),
  },
  {
    path: '/operator/toker-charge',
    titleKey: 'toker.operator.title',
    roles: ['ops', 'finance'],
    section: 'money',
    lazy: () => import('../toker/operator/TokerChargePage').then((module) => ({ Component: module.TokerChargePage })),
  },
  {
    path: '/operator/banners',
    titleKey: 'promotions.operator.bannersTitle',
    roles: ['content'],
    section: 'content',
    lazy: () => import('../promotions/operator/BannersPage').then((module) => ({ Component: module.BannersPage })),
  },
  {
    path: '/operator/discounts',
    titleKey: 'promotions.operator.discountsTitle',
    roles: ['ops'],
    section: 'content',
    lazy: () => import('../promotions/operator/DiscountsPage').then((module) => ({ Component: module.DiscountsPage })),
  },
  {
    path: '/operator/chat',
    titleKey: 'chat.agent.title',
    roles: ['support'],
    section: 'support',
    lazy: () => import('../chat/operator/AgentConsolePage').then((module) => ({ Component: module.AgentConsolePage })),
  },
  {
    path: '/operator/faq',
    titleKey: 'chat.knowledge.title',
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
