import type { CompanyHit, Provenance } from '@taxlens/shared';
import { http } from '../../lib/http';

export type { CompanyHit, Provenance };

/** Calls of the company-data feature (server: modules/companydata). */

export interface ProviderInfo {
  id: string;
  label: string;
}

export interface CreditGradeItem extends CompanyHit {
  ratings: ({ year: number; level: string } & Provenance)[];
  aYears: number[];
}

export interface TaxCase extends Provenance {
  id: string;
  name: string;
  creditCode: string;
  caseType: string | null;
  publishedOn: string | null;
  authority: string | null;
  personName: string | null;
  regionCode: string | null;
  province: string | null;
}

export interface ListedCounterparty extends Provenance {
  taxNo: string;
  name: string;
  invoiceCount: number;
  totalFen: number;
  taxFen: number;
  firstDate: string;
  lastDate: string;
  directions: string[];
  problems: string[];
  advice: string[];
}

/** A registry record for the bind form (findFirm3Elements). */
export interface RegistryProfile extends CompanyHit {
  registeredCapitalFen: number | null;
  address: string | null;
  industryCode: string | null;
  industryName: string | null;
  taxpayerType: 'general' | 'small_scale' | null;
}

export interface Division {
  xzqhszDm: string;
  xzqhmc: string;
}

export const companyDataApi = {
  provider: (signal?: AbortSignal) => http.get<ProviderInfo>('/CompanyData/provider', { signal }),
  /** The bind form's registry look-up: name (≥2 characters), pinyin initials or credit code. */
  threeElements: (keyword: string, signal?: AbortSignal) =>
    http.get<{ provider: ProviderInfo; list: RegistryProfile[] }>('/CsbFirmCertification/findFirm3Elements', {
      params: { keyword },
      signal,
      silent: true,
    }),
  creditGrade: (keyword: string, signal?: AbortSignal) =>
    http.get<{ provider: ProviderInfo; list: CreditGradeItem[]; levels: { level: string; meaning: string }[] }>(
      '/People/peopleCreditGrade',
      { params: { keyword }, signal, silent: true },
    ),
  provinces: (signal?: AbortSignal) => http.get<Division[]>('/CsbDmGyXzqh/findList', { signal }),
  cases: (params: Record<string, string | number | undefined>, signal?: AbortSignal) =>
    http.get<{ list: TaxCase[]; total: number; caseTypes: string[] }>('/TaxIllegalCase/findList', {
      params: Object.fromEntries(
        Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
      ) as Record<string, string | number>,
      signal,
      silent: true,
    }),
  caseDetail: (id: string, signal?: AbortSignal) =>
    http.get<TaxCase & { title: string; fields: { label: string; value: string }[] }>('/TaxIllegalCase/findDetails', {
      params: { id },
      signal,
    }),
  violations: (firmId: number, page: number, signal?: AbortSignal) =>
    http.get<{
      firm: { firmId: number; taxpayerName: string; taxNo: string };
      list: ListedCounterparty[];
      total: number;
      totalFen: number;
    }>('/report/findGetOutOfLineInvoiceRecord', { params: { firmId, page, size: 20 }, signal }),
  violationDetails: (firmId: number, taxNo: string, signal?: AbortSignal) =>
    http.get<{
      name: string | null;
      taxNo: string;
      problems: string[];
      advice: string[];
      source: string;
      asOf: string;
      records: {
        id: string;
        label: string;
        title: string;
        decidedOn: string | null;
        authority: string | null;
        source: string;
        asOf: string;
      }[];
      invoices: {
        id: number;
        direction: string;
        number: string;
        issuedOn: string;
        totalFen: number;
        taxFen: number;
        kindText: string | null;
      }[];
    }>('/report/findGetOutOfLineInvoiceDetails', { params: { firmId, taxNo }, signal }),
};

/** The operator console's company-data calls (/api/operator/companyData/*). */
export interface DataListInfo {
  key: string;
  label: string;
  group: string;
  columns: { header: string; required: boolean; aliases: string[] }[];
}

export interface DatasetRowError {
  row: number | null;
  column: string | null;
  message: string;
}

export interface DatasetVersion {
  id: number;
  listKey: string;
  label: string;
  scope: string;
  status: 'active' | 'superseded' | 'rejected';
  fileName: string;
  encoding: string | null;
  rowCount: number;
  source: string;
  asOf: string;
  isDemo: boolean;
  errorReport: { errorCount: number; errors: DatasetRowError[] } | null;
  createdAt: string;
}

export interface DatasetImportResult {
  status: 'imported' | 'unchanged' | 'rejected';
  datasetId: number;
  rowCount: number;
  errorCount: number;
  errors: DatasetRowError[];
}

export interface VendorCalls {
  provider: ProviderInfo;
  days: number;
  totals: { calls: number; errors: number; costFen: number; cacheEntries: number };
  byEndpoint: { provider: string; endpoint: string; calls: number; errors: number; costFen: number }[];
  recent: {
    id: number;
    endpoint: string;
    keyword: string;
    outcome: string;
    errorCode: number | null;
    costFen: number;
    durationMs: number;
    createdAt: string;
  }[];
}

export const companyDataOperatorApi = {
  lists: (signal?: AbortSignal) => http.get<DataListInfo[]>('/operator/companyData/lists', { signal }),
  datasets: (page: number, listKey: string | undefined, signal?: AbortSignal) =>
    http.get<{ list: DatasetVersion[]; total: number }>('/operator/companyData/datasets', {
      params: { page, size: 20, ...(listKey ? { listKey } : {}) },
      signal,
    }),
  vendorCalls: (days: number, signal?: AbortSignal) =>
    http.get<VendorCalls>('/operator/companyData/vendorCalls', { params: { days }, signal, silent: true }),
};
