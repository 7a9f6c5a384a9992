import type { MonitoredCompany, MonitoringEvent, MonitoringNum, MonitorKindName } from '@taxlens/shared';
import { http } from '../../lib/http';

const base = '/DataAnalysisMonitoring';

export interface EventFilters {
  page: number;
  size: number;
  kind?: MonitorKindName;
  keyword?: string;
  monitoredId?: number;
  from?: string;
  to?: string;
  unread?: boolean;
}

/** One service of the catalogue and how many monitored companies it can serve (findBusinessOpportunity). */
export interface OpportunityService {
  deliveryId: number;
  title: string;
  subheading: string;
  label: string;
  companies: number;
  unreadCompanies: number;
}

/** A monitored company with risk events a catalogue service answers (findBusinessOpportunityList). */
export interface MonitorOpportunity {
  monitoredId: number;
  creditCode: string;
  companyName: string;
  riskLabels: string[];
  services: { deliveryId: number; title: string }[];
  latestOn: string | null;
  unreadEvents: number;
}

/** Monitoring calls of the data view (server: modules/dataview/monitoring.routes.ts). */
export const monitorApi = {
  num: (signal?: AbortSignal) => http.get<MonitoringNum>(`${base}/findMonitoringNum`, { signal }),
  list: (body: { page: number; size: number; keyword?: string }) =>
    http.post<{ list: MonitoredCompany[]; total: number }>(`${base}/findMonitoringList`, body),
  join: (creditCodes: string[]) =>
    http.post<{ added: number; skipped: number }>(`${base}/joinMonitoringList`, { creditCodes }),
  remove: (ids: number[]) => http.post<{ removed: number }>(`${base}/deleteMonitoring`, { ids }),
  setSwitch: (id: number, kind: MonitorKindName, enabled: boolean) =>
    http.post<{ id: number; switches: MonitorKindName[] }>(`${base}/setUpDataSwitch`, { id, kind, enabled }),
  records: (filters: EventFilters) =>
    http.post<{
      list: MonitoringEvent[];
      total: number;
      byKind: { kind: MonitorKindName; label: string; count: number }[];
    }>(`${base}/findMonitoringRecord`, filters),
  read: (ids?: number[]) => http.post<{ read: number }>(`${base}/readMonitoringRecord`, ids ? { ids } : {}),
  opportunities: (signal?: AbortSignal) =>
    http.post<{ total: number; services: OpportunityService[] }>(`${base}/findBusinessOpportunity`, {}, { signal }),
  opportunityList: (body: { page: number; size: number; deliveryId?: number }) =>
    http.post<{ total: number; list: MonitorOpportunity[] }>(`${base}/findBusinessOpportunityList`, body),
  refresh: () => http.post<{ checked: number; events: number; failed: number }>(`${base}/refreshMonitoring`, {}),
};
