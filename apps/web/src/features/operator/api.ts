import type { OperatorAuditEntry, OperatorMe, OperatorRole, Page, StaffEntry } from '@taxlens/shared';
import { http } from '../../lib/http';

export interface AuditFilters {
  operatorPhone?: string;
  action?: string;
  keyword?: string;
  from?: string;
  to?: string;
}

/** The console's own calls; each page of the console adds its calls in its own api file. */
export const operatorApi = {
  me: (signal?: AbortSignal) => http.get<OperatorMe>('/operator/me', { signal, silent: true, keepOnNavigation: true }),
  audit: (filters: AuditFilters & { page: number; size: number }) =>
    http.get<Page<OperatorAuditEntry>>('/operator/audit', { params: { ...filters } }),
  staff: () => http.get<StaffEntry[]>('/operator/staff'),
  setStaffRoles: (body: { phone: string; roles: OperatorRole[] }) =>
    http.post<StaffEntry>('/operator/staff/setRoles', body, { silent: true }),
};
