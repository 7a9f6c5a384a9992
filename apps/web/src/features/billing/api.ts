import type { ChildUser } from '@taxlens/shared';
import { downloadFileLater as downloadFile } from '../../lib/download-later';
import { http } from '../../lib/http';
import type {
  BalanceToNumBody,
  BalanceToNumResult,
  BankInfo,
  BuyConfig,
  DateRange,
  FirmReport,
  GivingBody,
  InvoiceRecord,
  InvoiceRequestBody,
  InvoiceRequestResult,
  InvoiceState,
  LedgerEntry,
  MonthlyReports,
  NumFlow,
  Order,
  OrderState,
  Overview,
  Page,
  PageQuery,
  PayInstruction,
  PayMethod,
  PayState,
  ReportStatistics,
  TakeBackBody,
  TopUpRights,
  TransferRecord,
  TransferResult,
  UnifiedOrderBody,
  UserReportNum,
  Wallet,
} from './types';

export type OrderQuery = PageQuery & DateRange & { state?: OrderState; payMethod?: PayMethod };
export type FlowQuery = PageQuery & DateRange & { userId?: number; asset?: number; reason?: string };
export type NumFlowQuery = PageQuery & DateRange & { userId?: number; numberType?: number; reason?: string };
export type TransferQuery = PageQuery & DateRange & { userId?: number; asset?: number };
export type FirmReportQuery = PageQuery & DateRange & { firmName?: string };
export type InvoiceQuery = PageQuery & { state?: InvoiceState };

interface Signal {
  signal?: AbortSignal;
}

/** The billing calls (DESIGN.md §4 names; reads GET, changes POST). Forms pass `silent` to show errors themselves. */
export const billingApi = {
  buyConfig: ({ signal, layoutWide }: Signal & { layoutWide?: boolean } = {}) =>
    http.get<BuyConfig>('/Order/findBuyConfigList', { signal, silent: layoutWide, keepOnNavigation: layoutWide }),
  topUpRights: ({ signal }: Signal = {}) => http.get<TopUpRights>('/Order/findtopUpRights', { signal }),
  bankInfo: ({ signal }: Signal = {}) => http.get<BankInfo>('/spdb/bankInfo', { signal }),
  unifiedOrder: (body: UnifiedOrderBody) =>
    http.post<PayInstruction>('/Order/unifiedOrder', body, { silent: true, keepOnNavigation: true }),
  /** How to go on paying one's own pending order (the cashier again), from any device. */
  payInstruction: (orderId: number, { signal }: Signal = {}) =>
    http.get<PayInstruction>('/Order/payInstruction', { params: { orderId }, signal, silent: true }),
  payState: (orderId: number, { signal }: Signal = {}) =>
    http.get<PayState>('/Order/findPayState', { params: { orderId }, signal, silent: true }),
  cancelOrder: (orderId: number) => http.post<PayState>('/Order/cancelOrder', { orderId }),
  orders: (query: OrderQuery, { signal }: Signal = {}) =>
    http.get<Page<Order>>('/Order/findOrderList', { params: query, signal }),
  exportOrders: (query: Omit<OrderQuery, 'page' | 'size'>) =>
    downloadFile('/Order/exportOrderList', query, '订单列表.xlsx'),
  exportFlow: (query: Omit<FlowQuery, 'page' | 'size'>) =>
    downloadFile('/UserAssets/exportFlowRecord', query, '账户流水.xlsx'),
  exportNumFlow: (query: Omit<NumFlowQuery, 'page' | 'size'>) =>
    downloadFile('/UserFlow/exportNumFlow', query, '次数流水.xlsx'),

  overview: ({ signal }: Signal = {}) => http.get<Overview>('/UserAssets/dataOverview', { signal }),
  wallet: (userId: number | undefined, { signal }: Signal = {}) =>
    http.get<Wallet>('/UserAssets/blanceByUserId', { params: { userId }, signal }),
  giving: (body: GivingBody) => http.post<TransferResult>('/userInfo/giving', body, { silent: true }),
  takeBack: (body: TakeBackBody) => http.post<TransferResult>('/userInfo/takeBack', body, { silent: true }),
  balanceToNum: (body: BalanceToNumBody) =>
    http.post<BalanceToNumResult>('/UserAssets/balanceToNum', body, { silent: true }),

  flowRecord: (query: FlowQuery, { signal }: Signal = {}) =>
    http.get<Page<LedgerEntry>>('/UserAssets/flowRecord', { params: query, signal }),
  numFlow: (query: NumFlowQuery, { signal }: Signal = {}) =>
    http.get<NumFlow>('/UserFlow/getNumFlowByOption', { params: query, signal }),
  giveRecord: (query: TransferQuery, { signal }: Signal = {}) =>
    http.get<Page<TransferRecord>>('/UserFlow/giveRecord', { params: query, signal }),
  givingRecord: (query: TransferQuery, { signal }: Signal = {}) =>
    http.get<Page<TransferRecord>>('/userInfo/findGivingRecord', { params: query, signal }),

  reportStatistics: (range: DateRange, { signal }: Signal = {}) =>
    http.get<ReportStatistics>('/UserAssets/reportStatistics', { params: range, signal }),
  reportsByFirm: (query: FirmReportQuery, { signal }: Signal = {}) =>
    http.get<Page<FirmReport>>('/UserAssets/reportDetailByFirmName', { params: query, signal }),
  reportsByUser: (range: DateRange, { signal }: Signal = {}) =>
    http.get<UserReportNum[]>('/UserFlow/getReportNumByUserId', { params: range, signal }),
  monthlyReports: (months: number, { signal }: Signal = {}) =>
    http.get<MonthlyReports>('/UserAssets/riskStatistics', { params: { months }, signal }),

  requestInvoice: (body: InvoiceRequestBody) =>
    http.post<InvoiceRequestResult>('/Order/invoice', body, { silent: true }),
  invoiceableOrders: (query: PageQuery, { signal }: Signal = {}) =>
    http.get<Page<Order>>('/Order/findInvoiceableOrders', { params: query, signal }),
  invoices: (query: InvoiceQuery, { signal }: Signal = {}) =>
    http.get<Page<InvoiceRecord>>('/Order/findInvoiceRecord', { params: query, signal }),
  invoicePdf: (id: number, fileName: string) => downloadFile('/Order/invoicePdf', { id }, fileName),

  subordinates: ({ signal }: Signal = {}) => http.get<Page<ChildUser>>('/userInfo/findSubordinateUser', { signal }),
};
