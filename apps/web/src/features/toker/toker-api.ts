import type { Page, Prospect, ProspectStatusKey, TokerFilters } from '@taxlens/shared';
import { http } from '../../lib/http';

export interface TokerConfig {
  chargeMode: 'price' | 'credit';
  searchPriceFen: number;
  exportLimit: number;
  tokerCredits: number;
  usageRight: boolean;
  dataAsOf: string | null;
  companies: number;
}

export interface SearchResult {
  searchId: number;
  paidWith: 'price' | 'credit' | 'free';
  cost: number;
  total: number;
  capped: boolean;
  page: number;
  size: number;
  list: Prospect[];
}

export interface UsageRow {
  id: number;
  kind: 'search' | 'export';
  summary: string;
  total: number;
  paidWith: 'price' | 'credit' | 'free';
  cost: number;
  createdAt: string;
  userName: string;
}

export interface LeadList {
  id: number;
  name: string;
  createdAt: string;
  createdBy: string;
  prospects: number;
  contacted: number;
}

export interface ProspectItem extends Prospect {
  id: number;
  listId: number;
  listName: string;
  status: ProspectStatusKey;
  note: string;
  assigneeId: number | null;
  assigneeName: string | null;
  updatedAt: string;
}

type Paging = { page: number; size: number };

/** Calls of leads (server: modules/toker/toker.routes.ts, spec §7 /api/TokerUserInfo/*). */
export const tokerApi = {
  config: (signal?: AbortSignal) => http.get<TokerConfig>('/TokerUserInfo/findTokerConfig', { signal }),
  search: (filters: TokerFilters, pageSize: number) =>
    http.post<SearchResult>('/TokerUserInfo/search', { ...filters, pageSize }),
  page: (params: { searchId: number } & Paging, signal?: AbortSignal) =>
    http.get<SearchResult>('/TokerUserInfo/findSearchPage', { params, signal }),
  usage: (params: Paging, signal?: AbortSignal) =>
    http.get<Page<UsageRow>>('/TokerUserInfo/findUseDetail', { params, signal }),
  save: (body: { listId?: number; name?: string; creditCodes: string[] }) =>
    http.post<{ listId: number; added: number }>('/TokerUserInfo/saveList', body),
  lists: (params: Paging, signal?: AbortSignal) =>
    http.get<Page<LeadList>>('/TokerUserInfo/findListAll', { params, signal }),
  listDetail: (params: { listId: number; status?: ProspectStatusKey } & Paging, signal?: AbortSignal) =>
    http.get<Page<ProspectItem>>('/TokerUserInfo/findListDetail', { params, signal }),
  myCards: (params: { status?: ProspectStatusKey } & Paging, signal?: AbortSignal) =>
    http.get<Page<ProspectItem>>('/TokerUserInfo/findMyCards', { params, signal }),
  update: (body: { id: number; status?: ProspectStatusKey; note?: string }) =>
    http.post<null>('/TokerUserInfo/updateProspect', body),
  assign: (ids: number[], assigneeId: number | null) =>
    http.post<{ assigned: number }>('/TokerUserInfo/assignProspects', { ids, assigneeId }),
  removeList: (id: number) => http.post<null>('/TokerUserInfo/deleteList', { id }),
};
