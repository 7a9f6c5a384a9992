import { http } from '../../lib/http';

/** Calls of the tax policy library (server: modules/policy/policy.routes.ts). */

export interface PolicyDocument {
  id: number;
  docNo: string;
  title: string;
  issuer: string;
  issuedOn: string;
  effectiveOn: string | null;
  taxKind: string;
  regionCode: string;
  status: '有效' | '失效' | '部分失效';
  summary: string;
  source: string;
}

export interface PolicyHit extends PolicyDocument {
  snippet: string | null;
  /** Articles containing the keyword (full-text library). */
  articleHits: number;
}

export interface PolicyFilters {
  keyword?: string;
  taxKind?: string;
  status?: string;
  year?: number;
  region?: string;
}

export const policyLibraryApi = {
  list: (filters: PolicyFilters & { page: number; size: number }, signal?: AbortSignal) =>
    http.get<{
      list: PolicyHit[];
      total: number;
      totalExact: boolean;
      fullText: boolean;
      keyword: string | null;
    }>('/PolicyInfo/findList', {
      params: { ...filters },
      signal,
    }),
  taxKinds: (signal?: AbortSignal) => http.get<string[]>('/PolicyInfo/findTaxKinds', { signal }),
  detail: (id: number, signal?: AbortSignal) =>
    http.get<PolicyDocument & { related: PolicyDocument[]; fullText: boolean }>('/PolicyInfo/findDetail', {
      params: { id },
      signal,
    }),
  articles: (id: number, signal?: AbortSignal) =>
    http.get<{ seq: number; heading: string; body: string }[]>('/PolicyInfo/findArticles', { params: { id }, signal }),
};
