import type {
  balanceToNumResultSchema,
  balanceToNumSchema,
  buyConfigSchema,
  ChildUser,
  firmReportSchema,
  givingSchema,
  invoiceRecordSchema,
  invoiceRequestResultSchema,
  invoiceRequestSchema,
  numFlowSchema,
  overviewSchema,
  payInstructionSchema,
  payStateSchema,
  reportStatisticsSchema,
  riskStatisticsSchema,
  takeBackSchema,
  topUpRightsSchema,
  transferRecordSchema,
  transferResultSchema,
  unifiedOrderSchema,
  userReportNumSchema,
} from '@taxlens/shared';

/** Shapes of the billing answers and bodies, taken from the shared zod contract (HOUSE-STYLE 5). */
type Output<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

export type {
  BankInfo,
  BankPayee,
  BillingPackage,
  InvoiceKind,
  InvoiceState,
  LedgerEntry,
  Order,
  OrderState,
  Page,
  PayMethod,
  Wallet,
} from '@taxlens/shared';
export type SubAccount = ChildUser;

export type BuyConfig = Output<typeof buyConfigSchema>;
export type PriceItem = BuyConfig['prices'][number];
export type TopUpRights = Output<typeof topUpRightsSchema>;
export type UnifiedOrderBody = Output<typeof unifiedOrderSchema>;
export type PayInstruction = Output<typeof payInstructionSchema>;
export type PayState = Output<typeof payStateSchema>;
export type Overview = Output<typeof overviewSchema>;
export type NumFlow = Output<typeof numFlowSchema>;
export type TransferRecord = Output<typeof transferRecordSchema>;
export type GivingBody = Output<typeof givingSchema>;
export type TakeBackBody = Output<typeof takeBackSchema>;
export type TransferResult = Output<typeof transferResultSchema>;
export type BalanceToNumBody = Output<typeof balanceToNumSchema>;
export type BalanceToNumResult = Output<typeof balanceToNumResultSchema>;
export type ReportStatistics = Output<typeof reportStatisticsSchema>;
export type FirmReport = Output<typeof firmReportSchema>;
export type UserReportNum = Output<typeof userReportNumSchema>;
export type MonthlyReports = Output<typeof riskStatisticsSchema>;
export type InvoiceRecord = Output<typeof invoiceRecordSchema>;
/** The form's values; the server trims and upper-cases the tax number itself. */
export type InvoiceRequestBody = Output<typeof invoiceRequestSchema>;
export type InvoiceRequestResult = Output<typeof invoiceRequestResultSchema>;

/** Optional business-date range of list filters (YYYY-MM-DD, Asia/Shanghai). */
export type DateRange = { startDate?: string; endDate?: string };
export type PageQuery = { page: number; size: number };
