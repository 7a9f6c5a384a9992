import type { AppInstance } from '../app.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { profileRoutes } from './accounts/profile.routes.js';
import { rightsRoutes } from './accounts/rights.routes.js';
import { teamsRoutes } from './accounts/teams.routes.js';
import { walletModeRoutes } from './accounts/wallet-mode.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { bankBillingRoutes } from './bankbilling/bank-billing.routes.js';
import { billingRoutes } from './billing/billing.routes.js';
import { deliveryRoutes } from './catalogue/delivery.routes.js';
import { deliveryOperatorRoutes } from './catalogue/delivery-operator.routes.js';
import { chatAgentRoutes } from './chat/agent.routes.js';
import { chatRoutes } from './chat/chat.routes.js';
import { chatKnowledgeRoutes } from './chat/knowledge.routes.js';
import { chanjetRoutes } from './collection/chanjet.routes.js';
import { collectionRoutes } from './collection/collection.routes.js';
import { collectionStatusRoutes } from './collection/collection-status.routes.js';
import { assignManyRoutes } from './companies/assign-many.routes.js';
import { companiesRoutes } from './companies/companies.routes.js';
import { companyDataRoutes } from './companydata/companydata.routes.js';
import { datasetsRoutes } from './companydata/datasets/datasets.routes.js';
import { invoiceViolationRoutes } from './companydata/invoice-violation.routes.js';
import { regionsRoutes } from './companydata/regions.routes.js';
import { companyReportsRoutes } from './companydata/reports/company-reports.routes.js';
import { taxCasesRoutes } from './companydata/tax-cases.routes.js';
import { vendorCallsRoutes } from './companydata/tianyancha/vendor-calls.routes.js';
import { coursewareRoutes } from './content/courseware.routes.js';
import { coursewareOperatorRoutes } from './content/courseware-operator.routes.js';
import { insuranceRoutes } from './content/insurance.routes.js';
import { clientAnalysisRoutes } from './dataview/client-analysis.routes.js';
import { industryRoutes } from './dataview/industry.routes.js';
import { monitoringRoutes } from './dataview/monitoring.routes.js';
import { companyViewRoutes } from './dataview-map/company-view.routes.js';
import { monitorOpportunityRoutes } from './dataview-map/monitor-opportunity.routes.js';
import { opportunityRoutes } from './dataview-map/opportunity.routes.js';
import { importsRoutes } from './imports/imports.routes.js';
import { mindMapsRoutes } from './mindmaps/mindmaps.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { operatorConsoleRoutes } from './operator/console.routes.js';
import { operatorContentRoutes } from './operator/content.routes.js';
import { operatorCustomersRoutes } from './operator/customers.routes.js';
import { operatorHealthRoutes } from './operator/health.routes.js';
import { operatorMoneyRoutes } from './operator/money.routes.js';
import { partnerSsoRoutes } from './partners/partner-sso.routes.js';
import { partnersRoutes } from './partners/partners.routes.js';
import { disabilityLevyRoutes } from './policy/disability-levy.routes.js';
import { policyRoutes } from './policy/policy.routes.js';
import { policyOperatorRoutes } from './policy/policy-operator.routes.js';
import { promotionsRoutes } from './promotions/promotions.routes.js';
import { promotionsOperatorRoutes } from './promotions/promotions-operator.routes.js';
import { benchmarksRoutes } from './reports/benchmarks.routes.js';
import { reportCoverRoutes } from './reports/covers.routes.js';
import { exampleReportsRoutes } from './reports/example-reports.routes.js';
import { findingInvoicesRoutes } from './reports/finding-invoices.routes.js';
import { reportCustomRoutes } from './reports/report-custom.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { ruleSettingsRoutes } from './reports/rule-settings.routes.js';
import { reportSettingsRoutes } from './reports/settings.routes.js';
import { shareRoutes } from './share/share.routes.js';
import { siteRoutes } from './site/site.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { tokerRoutes } from './toker/toker.routes.js';
import { tokerOperatorRoutes } from './toker/toker-operator.routes.js';
import { verificationRoutes } from './verification/verification.routes.js';
import { workbenchRoutes } from './workbench/workbench.routes.js';

/** Every module's routes, registered in this order. A new domain adds one line here. */
export const MODULES: ((app: AppInstance) => Promise<void>)[] = [
  systemRoutes,
  authRoutes,
  profileRoutes,
  rightsRoutes,
  accountsRoutes,
  teamsRoutes,
  walletModeRoutes,
  billingRoutes,
  companiesRoutes,
  assignManyRoutes,
  importsRoutes,
  shareRoutes,
  partnersRoutes,
  partnerSsoRoutes,
  bankBillingRoutes,
  reportsRoutes,
  reportSettingsRoutes,
  reportCustomRoutes,
  benchmarksRoutes,
  ruleSettingsRoutes,
  findingInvoicesRoutes,
  exampleReportsRoutes,
  companyDataRoutes,
  regionsRoutes,
  taxCasesRoutes,
  invoiceViolationRoutes,
  datasetsRoutes,
  vendorCallsRoutes,
  companyReportsRoutes,
  opportunityRoutes,
  companyViewRoutes,
  monitorOpportunityRoutes,
  deliveryRoutes,
  deliveryOperatorRoutes,
  verificationRoutes,
  collectionRoutes,
  notificationsRoutes,
  collectionStatusRoutes,
  chanjetRoutes,
  operatorConsoleRoutes,
  operatorCustomersRoutes,
  operatorMoneyRoutes,
  operatorHealthRoutes,
  mindMapsRoutes,
  operatorContentRoutes,
  disabilityLevyRoutes,
  policyRoutes,
  policyOperatorRoutes,
  insuranceRoutes,
  coursewareRoutes,
  coursewareOperatorRoutes,
  chatRoutes,
  chatAgentRoutes,
  chatKnowledgeRoutes,
  tokerRoutes,
  tokerOperatorRoutes,
  promotionsRoutes,
  promotionsOperatorRoutes,
  monitoringRoutes,
  clientAnalysisRoutes,
  industryRoutes,
  workbenchRoutes,
  siteRoutes,
  reportCoverRoutes,
];
