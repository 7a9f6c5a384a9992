import type {
  ChildUser,
  Company,
  CompanyFields,
  DataOverview,
  DataTimeline,
  FinancialStatementKind,
  figureSetSchema,
  ImportInfo,
  InvoiceDetail,
  Page,
  ShareLink,
  shareInfoSchema,
  TaxpayerType,
} from '@taxlens/shared';
import type { z } from 'zod';
import { downloadFile, fetchBlob } from '../../lib/download';
import { apiUrl, http } from '../../lib/http';
import { uploadWithProgress } from './transfer';

/** The calls of spec §7 for companies, their imports and the client share links. */
const FIRM = '/CsbFirmCertification';

export type ImportKind = ImportInfo['kind'];
export type FigureSet = z.infer<typeof figureSetSchema>;
export type ShareInfo = z.infer<typeof shareInfoSchema>;

export interface CompanyFilters {
  keyword?: string;
  regionCode?: string;
  industryCode?: string;
  taxpayerType?: TaxpayerType;
  assigneeId?: number;
}

export interface CompanyName {
  firmId: number;
  taxpayerName: string;
  taxNo: string;
}

export interface BindingState {
  bound: boolean;
  firmId: number | null;
  taxpayerName: string | null;
}

/** The form's body: every field of companyFieldsSchema, an emptied one as null. */
export type CompanyBody = { [K in keyof CompanyFields]: CompanyFields[K] | null };

export interface FiguresBody {
  firmId: number;
  statement: FinancialStatementKind;
  period: string;
  layout?: 'general' | 'small';
  taxpayerType?: TaxpayerType;
  figures: Record<string, number>;
}

export interface ShareBindBody {
  token: string;
  taxpayerName: string;
  taxNo: string;
  regionCode: string | null;
  industryCode: string | null;
  taxpayerType: TaxpayerType | null;
  accountingStandard: 'enterprise' | 'small_enterprise' | null;
  legalPerson: string | null;
  contactName: string;
  contactPhone: string;
  address: string | null;
}

export interface UploadCallbacks {
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export const companiesApi = {
  list: (query: CompanyFilters & { page: number; size: number }, signal?: AbortSignal) =>
    http.get<Page<Company>>(`${FIRM}/findFirmList`, { params: { ...query }, signal }),
  exportList: (filters: CompanyFilters) => downloadFile(`${FIRM}/exportFirmList`, { ...filters }, '企业列表.xlsx'),
  details: (firmId: number, signal?: AbortSignal) =>
    http.get<Company>(`${FIRM}/findFirmDetails`, { params: { firmId }, signal, silent: true }),
  // Silent: the form shows field errors and conflicts itself.
  bind: (body: CompanyBody) =>
    http.post<{ firmId: number; warning: string | null }>(`${FIRM}/bindFirm`, body, { silent: true }),
  update: (firmId: number, body: CompanyBody) =>
    http.post<{ warning: string | null }>(`${FIRM}/updateFirm`, { ...body, firmId }, { silent: true }),
  remove: (firmId: number) => http.post<null>(`${FIRM}/delFirm`, { firmId }),
  assign: (firmId: number, assigneeId: number | null) => http.post<null>(`${FIRM}/assignFirm`, { firmId, assigneeId }),
  bindingState: (taxNo: string, signal?: AbortSignal) =>
    http.get<BindingState>(`${FIRM}/findBindingFirmInformation`, { params: { taxNo }, signal, silent: true }),
  names: (keyword: string | undefined, signal?: AbortSignal) =>
    http.get<CompanyName[]>(`${FIRM}/findFirmNameList`, { params: { keyword }, signal }),
  /** The staff a main account or supervisor may hand companies to (silent: needs tissueArchitecture). */
  assignees: (signal?: AbortSignal) =>
    http.get<Page<ChildUser>>('/userInfo/findSubordinateUser', { signal, silent: true }),
};

export const importsApi = {
  /** Answers at once with the queued import (`wait=false`); progress then comes over the socket. */
  upload: (firmId: number, kind: ImportKind, file: File, callbacks: UploadCallbacks, replaceImportId?: number) =>
    uploadWithProgress<ImportInfo>({
      path: `${FIRM}/fileUpload`,
      params: { wait: 'false' },
      fields: [
        ['firmId', String(firmId)],
        ['kind', kind],
        // The import this file replaces; the server deletes it once this one has succeeded.
        ...(replaceImportId ? [['replaceImportId', String(replaceImportId)] as const] : []),
      ],
      file,
      ...callbacks,
    }),
  status: (importId: number, signal?: AbortSignal) =>
    http.get<ImportInfo>(`${FIRM}/importStatus`, { params: { importId }, signal }),
  history: (firmId: number, page: number, size: number, signal?: AbortSignal) =>
    http.get<Page<ImportInfo>>(`${FIRM}/importList`, { params: { firmId, page, size }, signal }),
  problemReport: (importId: number) =>
    downloadFile(`${FIRM}/importProblemReport`, { importId }, `错误报告-${importId}.xlsx`),
  returnTemplate: () => downloadFile(`${FIRM}/downloadReturnTemplate`, {}, '申报表汇总模板.xlsx'),
  overview: (firmId: number, signal?: AbortSignal) =>
    http.get<DataOverview>(`${FIRM}/dataOverview`, { params: { firmId }, signal }),
  figures: (firmId: number, statement: FinancialStatementKind, signal?: AbortSignal) =>
    http.get<FigureSet[]>(`${FIRM}/findFigures`, { params: { firmId, statement }, signal }),
  saveFigures: (body: FiguresBody) => http.post<null>(`${FIRM}/saveFigures`, body, { silent: true }),
  deleteFigures: (firmId: number, statement: FinancialStatementKind, period: string) =>
    http.post<null>(`${FIRM}/deleteFigures`, { firmId, statement, period }),
  remove: (importId: number) =>
    http.post<{ invoices: number; figures: number; records: number }>(`${FIRM}/deleteImport`, { importId }),
  timeline: (firmId: number, signal?: AbortSignal) =>
    http.get<DataTimeline>(`${FIRM}/dataTimeline`, { params: { firmId }, signal }),
  lookup: (firmId: number, number: string, signal?: AbortSignal) =>
    http.get<InvoiceDetail[]>(`${FIRM}/invoiceLookup`, { params: { firmId, number }, signal }),
};

export const shareApi = {
  create: (body: { firmId: number | null; expiresInDays: number; note: string | null }) =>
    http.post<ShareLink>('/userInfo/generateQrCode', body),
  qrCode: (shareId: number, signal?: AbortSignal) => fetchBlob('/userInfo/shareQrCode', { shareId }, { signal }),
  sendMail: (shareId: number, email: string) =>
    http.post<null>('/userInfo/qrCodeSendMail', { shareId, email }, { silent: true }),
  list: (query: { page: number; size: number; firmId?: number }, signal?: AbortSignal) =>
    http.get<Page<ShareLink>>('/userInfo/shareLinkList', { params: { ...query }, signal }),
  state: (shareId: number, signal?: AbortSignal) =>
    http.get<ShareLink>('/userInfo/findQrCodeState', { params: { shareId }, signal }),
  revoke: (shareId: number) => http.post<null>('/userInfo/revokeShareLink', { shareId }),
  // The public pages (no sign-in) below.
  info: (token: string, signal?: AbortSignal) =>
    http.get<ShareInfo>('/share/info', { params: { token }, signal, silent: true }),
  bind: (body: ShareBindBody) => http.post<{ firmId: number }>(`${FIRM}/tkBindFirm`, body, { silent: true }),
  /** The server answers when the import has finished (it waits for the worker). */
  upload: (token: string, kind: ImportKind, file: File, callbacks: UploadCallbacks) =>
    uploadWithProgress<ImportInfo>({
      path: `${FIRM}/tkCsbUploadReport`,
      fields: [
        ['token', token],
        ['kind', kind],
      ],
      file,
      silent: true,
      ...callbacks,
    }),
  /** A plain link: the token in the address is the client's only credential. */
  problemReportUrl: (token: string, importId: number) => apiUrl('/share/problemReport', { token, importId }),
  returnTemplateUrl: (token: string) => apiUrl('/share/returnTemplate', { token }),
};
