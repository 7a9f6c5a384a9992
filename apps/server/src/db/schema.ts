import type { Insertable, Selectable, Updateable } from 'kysely';
import type * as accounts from './tables/accounts.js';
import type * as benchmarks from './tables/benchmarks.js';
import type * as billing from './tables/billing.js';
import type * as chat from './tables/chat.js';
import type * as companies from './tables/companies.js';
import type * as companyData from './tables/company-data.js';
<<<<<<< HEAD
import type * as dataView from './tables/data-view.js';
=======
import type * as content from './tables/content.js';
>>>>>>> main
import type * as imports from './tables/imports.js';
import type * as mindMaps from './tables/mind-maps.js';
import type * as notifications from './tables/notifications.js';
import type * as operator from './tables/operator.js';
import type * as partners from './tables/partners.js';
import type * as policy from './tables/policy.js';
import type * as promotions from './tables/promotions.js';
import type * as reportCovers from './tables/report-covers.js';
import type * as reports from './tables/reports.js';
import type * as shareLinks from './tables/share-links.js';
import type * as toker from './tables/toker.js';
import type * as verification from './tables/verification.js';

/**
 * Row types of every table the migrations create, one file per domain in tables/. Keep each in
 * step with migrations/*.sql; a new domain adds its file and its tables here.
 */
export interface Database extends billing.BillingTables, partners.PartnerTables {
  groups: accounts.GroupsTable;
  users: accounts.UsersTable;
  sessions: accounts.SessionsTable;
  login_failures: accounts.LoginFailuresTable;
  login_locks: accounts.LoginLocksTable;
  sms_codes: accounts.SmsCodesTable;
  sms_outbox: accounts.SmsOutboxTable;
  teams: accounts.TeamsTable;
  team_members: accounts.TeamMembersTable;
  audit_log: accounts.AuditLogTable;
  wallets: billing.WalletsTable;
  ledger_entries: billing.LedgerEntriesTable;
  report_prices: billing.ReportPricesTable;
  companies: companies.CompaniesTable;
  imports: imports.ImportsTable;
  invoices: imports.InvoicesTable;
  invoice_lines: imports.InvoiceLinesTable;
  import_invoices: imports.ImportInvoicesTable;
  invoice_details: imports.InvoiceDetailsTable;
  financial_figures: imports.FinancialFiguresTable;
  vat_deductions: imports.VatDeductionsTable;
  payroll_months: imports.PayrollMonthsTable;
  collection_sessions: imports.CollectionSessionsTable;
  chanjet_authorisations: imports.ChanjetAuthorisationsTable;
  share_links: shareLinks.ShareLinksTable;
  mail_outbox: shareLinks.MailOutboxTable;
  reports: reports.ReportsTable;
  report_annotations: reports.ReportAnnotationsTable;
  report_custom_configs: reports.ReportCustomConfigsTable;
  industry_benchmarks: benchmarks.IndustryBenchmarksTable;
  rule_settings_versions: benchmarks.RuleSettingsVersionsTable;
  cd_datasets: companyData.CdDatasetsTable;
  cd_companies: companyData.CdCompaniesTable;
  cd_relations: companyData.CdRelationsTable;
  cd_risks: companyData.CdRisksTable;
  cd_credit_ratings: companyData.CdCreditRatingsTable;
  cd_vendor_calls: companyData.CdVendorCallsTable;
  cd_vendor_cache: companyData.CdVendorCacheTable;
  invoice_checks: verification.InvoiceChecksTable;
  invoice_check_quota: verification.InvoiceCheckQuotaTable;
  invoice_check_prices: verification.InvoiceCheckPricesTable;
  notifications: notifications.NotificationsTable;
  operator_audit: operator.OperatorAuditTable;
  order_refunds: operator.OrderRefundsTable;
  mind_maps: mindMaps.MindMapsTable;
  disability_proportions: policy.DisabilityProportionsTable;
  policy_documents: policy.PolicyDocumentsTable;
  policy_articles: policy.PolicyArticlesTable;
<<<<<<< HEAD
  monitored_companies: dataView.MonitoredCompaniesTable;
  monitoring_events: dataView.MonitoringEventsTable;
  data_view_industries: dataView.DataViewIndustriesTable;
=======
  policy_search_keys: policy.PolicySearchKeysTable;
  insurance_quote_requests: content.InsuranceQuoteRequestsTable;
  courses: content.CoursesTable;
  course_files: content.CourseFilesTable;
  course_progress: content.CourseProgressTable;
>>>>>>> main
  chat_conversations: chat.ChatConversationsTable;
  chat_files: chat.ChatFilesTable;
  chat_messages: chat.ChatMessagesTable;
  chat_reads: chat.ChatReadsTable;
  chat_knowledge: chat.ChatKnowledgeTable;
  chat_canned_replies: chat.ChatCannedRepliesTable;
  chat_settings: chat.ChatSettingsTable;
  toker_prices: toker.TokerPricesTable;
  toker_signals: toker.TokerSignalsTable;
  toker_searches: toker.TokerSearchesTable;
  toker_lists: toker.TokerListsTable;
  toker_prospects: toker.TokerProspectsTable;
  banners: promotions.BannersTable;
  banner_closes: promotions.BannerClosesTable;
  discounts: promotions.DiscountsTable;
  discount_reads: promotions.DiscountReadsTable;
  report_covers: reportCovers.ReportCoversTable;
  user_report_covers: reportCovers.UserReportCoversTable;
}

export type GroupRow = Selectable<accounts.GroupsTable>;
export type UserRow = Selectable<accounts.UsersTable>;
export type NewUser = Insertable<accounts.UsersTable>;
export type UserUpdate = Updateable<accounts.UsersTable>;
