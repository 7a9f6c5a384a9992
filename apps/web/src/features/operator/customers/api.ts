import type { CustomerUser, GroupDetail, GroupFlags, GroupSummary, Page, SetGroupFlags } from '@taxlens/shared';
import { http } from '../../../lib/http';

const FORM = { silent: true } as const;

/** Operator console, customers: the calls of the groups and users pages. */
export const customersApi = {
  groups: (params: { keyword?: string; page: number; size: number }) =>
    http.get<Page<GroupSummary>>('/operator/groups', { params }),
  group: (groupId: number) => http.get<GroupDetail>('/operator/groups/detail', { params: { groupId } }),
  setFlags: (body: SetGroupFlags) => http.post<GroupFlags>('/operator/groups/setFlags', body, FORM),
  users: (params: { keyword?: string; page: number; size: number }) =>
    http.get<Page<CustomerUser>>('/operator/users', { params }),
  setStatus: (userId: number, status: 'active' | 'disabled') =>
    http.post<CustomerUser>('/operator/users/setStatus', { userId, status }),
  signOutAll: (userId: number) => http.post<{ revoked: number }>('/operator/users/signOutAll', { userId }),
  resetPassword: (userId: number) => http.post<{ password: string }>('/operator/users/resetPassword', { userId }),
  setPrice: (body: { groupId: number; creditType: number; priceFen: number | null }) =>
    http.post<null>('/operator/billing/setGroupPrice', body, FORM),
  adjustWallet: (body: { userId: number; asset: number; delta: number; reason: string }) =>
    http.post<{ entryId: number; after: number }>('/operator/billing/adjustWallet', body, FORM),
};

export const customerKeys = {
  groups: (params: object) => ['operator', 'groups', params] as const,
  group: (groupId: number) => ['operator', 'group', groupId] as const,
  users: (params: object) => ['operator', 'users', params] as const,
};
