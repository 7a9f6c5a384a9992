import type { OpportunityFilter, OpportunityRow, RelationRecord, RiskKind, RiskRecord } from '@taxlens/shared';
import { fetchBlob, saveBlob } from '../../lib/download';
import { http } from '../../lib/http';
import type { CompanyHit, Provenance, ProviderInfo } from '../companydata/api';

/** Calls of the data-view map and company pages (server: modules/dataview-map). */

export type { OpportunityRow, RelationRecord, RiskRecord };

export interface RegionCount {
  code: string;
  name: string;
  count: number;
}

interface RegistryProvenance {
  source: string | null;
  asOf: string | null;
}

export interface OpportunitySearch extends RegistryProvenance {
  areaCode: string | null;
  areaName: string;
  level: 'country' | 'province' | 'city' | 'county';
  /** The areas from the province down to the one looked at (breadcrumb). */
  path: { code: string; name: string }[];
  total: number;
  regions: RegionCount[];
  unplaced: number;
  listLimit: number;
  tooMany: boolean;
  message: string | null;
  page: number;
  size: number;
  list: OpportunityRow[];
}

export interface Labelled {
  key?: string;
  code?: string;
  kind?: string;
  label?: string;
  name?: string;
  count: number;
}

export interface OpportunityDistributions extends RegistryProvenance {
  total: number;
  industries: Labelled[];
  industryUnknown: number;
  registrations: Labelled[];
  taxpayerTypes: Labelled[];
  capitalBands: Labelled[];
  risks: Labelled[];
}

export interface Ranked extends RegionCount {
  rank: number;
  sharePercent?: number;
}

export interface OpportunityRankings extends RegistryProvenance {
  areaName: string;
  path: { code: string; name: string }[];
  total: number;
  regions: Ranked[];
  recentRegions: Ranked[];
  industries: Ranked[];
}

export interface OpportunityTrends extends RegistryProvenance {
  total: number;
  months: { month: string; count: number }[];
  years: { year: number; count: number }[];
}

export interface CompanyAnalysis {
  provider: ProviderInfo;
  profile: CompanyHit & {
    registeredCapitalFen: number | null;
    capitalText: string | null;
    companyType: string | null;
    address: string | null;
    scope: string | null;
    industryName: string | null;
    taxpayerType: 'general' | 'small_scale' | null;
    regionName: string | null;
  };
  shareholders: RelationRecord[];
  executives: RelationRecord[];
  investments: RelationRecord[];
  branches: RelationRecord[];
  changes: RelationRecord[];
  ratings: ({ year: number; level: string } & Provenance)[];
  riskCounts: { kind: RiskKind; label: string; call: string | null; count: number; current: number }[];
}

export interface RiskLookup {
  provider: ProviderInfo;
  company: { creditCode: string; name: string };
  label: string;
  total: number;
  list: RiskRecord[];
}

export interface AbnormalPerson {
  name: string;
  roles: string[];
  kinds: string[];
  latestOn: string | null;
  records: (Provenance & {
    id: string;
    label: string;
    title: string;
    reference: string | null;
    decidedOn: string | null;
    removedOn: string | null;
    authority: string | null;
  })[];
}

const OPPORTUNITY = '/DataAnalysisBusinessOpportunity';
const MONITORING = '/DataAnalysisMonitoring';

export const dataMapApi = {
  search: (filter: OpportunityFilter, page: number, size: number, signal?: AbortSignal) =>
    http.post<OpportunitySearch>(`${OPPORTUNITY}/search`, { ...filter, page, size }, { signal }),
  distributions: (filter: OpportunityFilter, signal?: AbortSignal) =>
    http.post<OpportunityDistributions>(`${OPPORTUNITY}/distributions`, filter, { signal }),
  rankings: (filter: OpportunityFilter, signal?: AbortSignal) =>
    http.post<OpportunityRankings>(`${OPPORTUNITY}/rankings`, filter, { signal }),
  trends: (filter: OpportunityFilter, signal?: AbortSignal) =>
    http.post<OpportunityTrends>(`${OPPORTUNITY}/trends`, filter, { signal }),
  exportList: async (filter: OpportunityFilter) => {
    const { blob, fileName } = await fetchBlob(`${OPPORTUNITY}/export`, undefined, { body: filter });
    saveBlob(blob, fileName ?? '商机名单.xlsx');
  },
  searchCompanies: (keyword: string, signal?: AbortSignal) =>
    http.get<{ provider: ProviderInfo; list: CompanyHit[] }>('/CompanyData/search', { params: { keyword }, signal }),
  /** clickSearchVolume: records that the company was opened and answers the group's own count. */
  click: (creditCode: string) =>
    http.post<{ creditCode: string; clicks: number; users: number }>(`${MONITORING}/clickSearchVolume`, { creditCode }),
  analysis: (creditCode: string, signal?: AbortSignal) =>
    http.post<CompanyAnalysis>(`${MONITORING}/findAnalysisEnterprises`, { creditCode }, { signal }),
  risk: (call: string, creditCode: string, page: number, size: number, signal?: AbortSignal) =>
    http.post<RiskLookup>(`${MONITORING}/${call}`, { creditCode, page, size }, { signal }),
  abnormalPersons: (creditCode: string, signal?: AbortSignal) =>
    http.post<{ provider: ProviderInfo; company: { name: string }; list: AbnormalPerson[] }>(
      `${MONITORING}/findAbnormalPerson`,
      { creditCode },
      { signal },
    ),
};

export interface DataService {
  id: number;
  title: string;
  subheading: string;
  label: string;
  description: string;
  riskKinds: string[];
  riskLabels: string[];
  deliverables: string;
  matched?: number;
  reason?: string | null;
}

export interface ServiceRequest {
  id: number;
  title: string;
  contactName: string;
  contactPhone: string;
  creditCode: string | null;
  companyName: string | null;
  remark: string | null;
  status: 'submitted' | 'contacted' | 'closed';
  createdAt: string;
}

export interface ServiceRequestInput {
  deliveryId: number;
  contactName: string;
  contactPhone: string;
  creditCode?: string;
  remark?: string;
}

/** A firm's request for a data service, as the account managers follow it up. */
export const SERVICE_REQUEST_STATUS_LABELS: Record<ServiceRequest['status'], string> = {
  submitted: '已提交',
  contacted: '已联系',
  closed: '已完成',
};

const DELIVERY = '/DataServerDelivery';

export const deliveryApi = {
  recommend: (creditCode: string | null, signal?: AbortSignal) =>
    http.get<{
      basis: 'company' | 'clients';
      listedKinds: { label: string; companies: number }[];
      list: DataService[];
    }>(`${DELIVERY}/recommend`, { params: creditCode ? { creditCode } : {}, signal }),
  byLabel: (label: string | null, signal?: AbortSignal) =>
    http.get<{ labels: string[]; list: DataService[] }>(`${DELIVERY}/findByLabel`, {
      params: label ? { label } : {},
      signal,
    }),
  submit: (input: ServiceRequestInput) => http.post<{ id: number }>(`${DELIVERY}/submitInfo`, input),
  requests: (signal?: AbortSignal) => http.get<ServiceRequest[]>(`${DELIVERY}/submitList`, { signal }),
};
