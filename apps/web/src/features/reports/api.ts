import type { DataOverview, Page, PoolReportType, ReportDetail, ReportItem } from '@taxlens/shared';
import { downloadFileLater as downloadFile } from '../../lib/download-later';
import { http } from '../../lib/http';
import type { AutoDeleteRequest } from './lib/auto-delete';
import type { ExampleReportType } from './lib/report-views';

/** Calls of the reports feature (spec §7 names; paths as the server registers them). */

export interface FirmName {
  firmId: number;
  taxpayerName: string;
  taxNo: string;
}

export type FindingInvoiceQuery = {
  id: number;
  ruleId: string;
  keyword?: string;
  direction?: 'sales' | 'purchase';
};

export interface FindingInvoiceRow {
  key: string;
  number: string;
  issuedAt: string;
  direction: '销项' | '进项';
  counterparty: string;
  counterpartyTaxNo: string;
  goods: string;
  amountFen: number;
  taxFen: number;
  totalFen: number;
  status: string;
}

export interface CreateReportBody {
  firmId: number;
  reportType: PoolReportType;
  periodStart: string;
  periodEnd: string;
  /** One per click: a retried request carries the same key and is charged once. */
  requestKey: string;
}

export interface ReportListQuery {
  page: number;
  size: number;
  reportType?: PoolReportType;
  status?: ReportItem['status'];
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
  unreadOnly?: boolean;
}

export interface ReportState {
  beAnalyseList: { id: number; reportType: PoolReportType; taxpayerName: string; status: ReportItem['status'] }[];
  successNum: number;
  chineseTotalElements: number;
  unreadNum: number;
}

export interface AnnotateBody {
  id: number;
  ruleId: string;
  status: 'verified' | 'explained' | null;
  note?: string | null;
}

export interface RuleSummary {
  id: string;
  title: string;
  category: string;
  reportTypes: string[];
  dataNeeded: string[];
  basis: string;
}

export interface WatermarkSettings {
  watermark: string | null;
  watermarkSwitch: 0 | 1;
  watermarkObject: '0' | PoolReportType[];
  hasImage?: boolean;
  imageUrl?: string | null;
  /** The group's cover logo as a data URL (answered by findWatermark, set by uploadGroupLogo). */
  logoUrl?: string | null;
}

/** PDF printing takes several seconds the first time (Chromium renders the print view). */
const PDF_TIMEOUT_MS = 3 * 60_000;
/** Form calls show their own errors (field errors, 402, missing data). */
const FORM_CALL = { silent: true } as const;

/** The report kinds whose example has a call of its own (spec §7); the company-data kinds share one. */
const EXAMPLE_PATHS = {
  INVOICE: '/SendMsgByReport/findReportPreview',
  TAX: '/BusinessPanoramicReport/exampleReport',
  COMPREHENSIVE: '/BusinessPanoramicReport/exampleReportShy',
} as const;

export const reportsApi = {
  firmNames: (signal?: AbortSignal) => http.get<FirmName[]>('/CsbFirmCertification/findFirmNameList', { signal }),
  dataOverview: (firmId: number, signal?: AbortSignal) =>
    http.get<DataOverview>('/CsbFirmCertification/dataOverview', { params: { firmId }, signal }),

  create: (body: CreateReportBody) =>
    http.post<{ reportId: number; replayed: boolean }>('/ReportPool/create', body, FORM_CALL),
  list: (query: ReportListQuery, signal?: AbortSignal) =>
    http.get<Page<ReportItem>>('/ReportPool/list', {
      params: { ...query, unreadOnly: query.unreadOnly ? 'true' : undefined },
      signal,
    }),
  /** The list with the same filters as an Excel file (paging aside). */
  exportList: ({ page: _page, size: _size, ...query }: ReportListQuery) =>
    downloadFile(
      '/ReportPool/exportList',
      { ...query, unreadOnly: query.unreadOnly ? 'true' : undefined },
      '报告列表.xlsx',
    ),
  // Silent: the preview page shows a failure itself (404 with the way back, or the message and 重试);
  // a toast on top said the same thing twice.
  detail: (id: number, signal?: AbortSignal) =>
    http.get<ReportDetail>('/ReportPool/detail', { params: { id }, signal, silent: true }),
  /** The print view's data: with a print token (server Chromium, no session) or the signed-in session. */
  printData: (id: number, printToken: string | null, cover: string | null, signal?: AbortSignal) =>
    printToken
      ? http.get<ReportDetail>('/ReportPool/printData', {
          // The exporting user's cover template, which the server put in the print address.
          params: cover ? { id, printToken, cover } : { id, printToken },
          signal,
          silent: true,
        })
      : http.get<ReportDetail>('/ReportPool/detail', { params: { id, print: '1' }, signal, silent: true }),
  /** The free example report of a kind (fictitious company, id 0): spec exampleReport / exampleReportShy. */
  example: (reportType: ExampleReportType, signal?: AbortSignal) => {
    const path = EXAMPLE_PATHS[reportType as keyof typeof EXAMPLE_PATHS];
    return path
      ? http.get<ReportDetail>(path, { signal })
      : http.get<ReportDetail>('/CompanyData/exampleReport', { params: { reportType }, signal });
  },
  remove: (id: number) => http.post<null>('/ReportPool/delete', { id }),
  state: (signal?: AbortSignal) =>
    http.get<ReportState>('/ReportPool/state', { signal, keepOnNavigation: true, silent: true }),
  markRead: (ids?: number[]) =>
    http.post<{ updated: number }>('/ReportPool/markRead', ids ? { ids } : {}, { keepOnNavigation: true }),
  rules: (signal?: AbortSignal) => http.get<RuleSummary[]>('/ReportPool/rules', { signal, silent: true }),
  annotate: (body: AnnotateBody) => http.post<null>('/ReportPool/annotate', body, FORM_CALL),
  /** A finding's invoice rows (drill-down), filtered by keyword and side. */
  findingInvoices: (query: FindingInvoiceQuery, signal?: AbortSignal) =>
    http.get<{ rows: FindingInvoiceRow[]; total: number; listed: number }>('/ReportPool/findingInvoices', {
      params: query,
      signal,
    }),
  exportFindingInvoices: (query: FindingInvoiceQuery) =>
    downloadFile('/ReportPool/exportFindingInvoices', query, `发现所涉发票-${query.id}.xlsx`),

  findWatermark: (signal?: AbortSignal) => http.get<WatermarkSettings>('/userInfo/findWatermark', { signal }),
  addWatermark: (body: WatermarkSettings) => http.post<null>('/userInfo/addWatermark', body, FORM_CALL),
  updateWatermarkSwitch: (watermarkSwitch: 0 | 1) =>
    http.post<null>('/userInfo/updateWatermarkSwitch', { watermarkSwitch }),
  uploadWatermarkImage: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<{ imageUrl: string }>('/userInfo/uploadWatermarkImage', form);
  },
  deleteWatermarkImage: () => http.post<null>('/userInfo/deleteWatermarkImage', {}),
  uploadGroupLogo: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<{ imageUrl: string }>('/userInfo/uploadGroupLogo', form);
  },
  deleteGroupLogo: () => http.post<null>('/userInfo/deleteGroupLogo', {}),
  updateReportDeleteTime: (body: AutoDeleteRequest) => http.post<null>('/userInfo/updateReportDeleteTime', body),
};

export const PDF_REQUEST_TIMEOUT_MS = PDF_TIMEOUT_MS;
