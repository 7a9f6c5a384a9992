import { http } from '../../lib/http';

/** Calls of the company-data feature (server: modules/companydata). */

export interface ProviderInfo {
  id: string;
  label: string;
}

export interface Provenance {
  source: string;
  asOf: string;
}

export interface CompanyHit extends Provenance {
  creditCode: string;
  name: string;
  legalRep: string | null;
  statusText: string;
  regionCode: string | null;
  establishedOn: string | null;
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
